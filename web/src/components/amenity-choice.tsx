import type { AmenityValue } from '@allstall/shared';
import { notSure } from '../lib/restrooms/listing-choices';
import { t } from '../lib/i18n/i18n';
import { RadioGroup, type RadioChoice } from './radio-group';

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
  // Said when rendered: the form around it (a dialog using useT) renders it again in a new language.
  const { label, ...rest } = props;
  const choices: ReadonlyArray<RadioChoice<AmenityValue>> = [
    { value: true, label: t('writes.choice.yes') },
    { value: false, label: t('writes.choice.no') },
    { value: null, label: notSure() },
  ];
  return <RadioGroup legend={label} choices={choices} {...rest} />;
}
