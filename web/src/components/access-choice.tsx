import { RESTROOM_ACCESS_VALUES, type AccessValue } from '@allstall/shared';
import { ACCESS_QUESTION, ACCESS_WORDS, NOT_SURE } from '../lib/listing-choices';
import { RadioGroup, type RadioChoice } from './radio-group';

const CHOICES: ReadonlyArray<RadioChoice<AccessValue>> = [
  ...RESTROOM_ACCESS_VALUES.map((value) => ({ value, label: ACCESS_WORDS[value] })),
  { value: null, label: NOT_SURE },
];

interface AccessChoiceProps {
  value: AccessValue;
  onChange: (value: AccessValue) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** 'Who may use it?': 'Open to the public', 'Customers only', 'Ask for a key' or 'Not sure' (null). */
export function AccessChoice(props: AccessChoiceProps) {
  return <RadioGroup legend={ACCESS_QUESTION} choices={CHOICES} {...props} />;
}
