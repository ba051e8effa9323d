import { RESTROOM_ACCESS_VALUES, type AccessValue } from '@allstall/shared';
import { accessQuestion, ACCESS_WORDS, notSure } from '../lib/restrooms/listing-choices';
import { RadioGroup, type RadioChoice } from './radio-group';

interface AccessChoiceProps {
  value: AccessValue;
  onChange: (value: AccessValue) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** 'Who may use it?': 'Open to the public', 'Customers only', 'Ask for a key' or 'Not sure' (null). */
export function AccessChoice(props: AccessChoiceProps) {
  // Said when rendered: the form around it (a dialog using useT) renders it again in a new language.
  const choices: ReadonlyArray<RadioChoice<AccessValue>> = [
    ...RESTROOM_ACCESS_VALUES.map((value) => ({ value, label: ACCESS_WORDS[value] })),
    { value: null, label: notSure() },
  ];
  return <RadioGroup legend={accessQuestion()} choices={choices} {...props} />;
}
