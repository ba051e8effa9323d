import type { AmenityValue } from '@allstall/shared';
import { NOT_SURE } from '../lib/listing-choices';
import { RadioGroup, type RadioChoice } from './radio-group';

const CHOICES: ReadonlyArray<RadioChoice<AmenityValue>> = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
  { value: null, label: NOT_SURE },
];

interface AmenityChoiceProps {
  /** The amenity's name ('Gender-neutral'): the group's legend. */
  label: string;
  value: AmenityValue;
  onChange: (value: AmenityValue) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** One amenity as 'Yes', 'No' or 'Not sure' (null): not knowing is an answer, not a 'No' (docs/product-rules.md#what-we-know). */
export function AmenityChoice(props: AmenityChoiceProps) {
  const { label, ...rest } = props;
  return <RadioGroup legend={label} choices={CHOICES} {...rest} />;
}
