import type { FeeValue } from '@allstall/shared';
import { feeLabel, notSure } from '../lib/restrooms/listing-choices';
import { t } from '../lib/i18n/i18n';
import { RadioGroup, type RadioChoice } from './radio-group';

interface FeeChoiceProps {
  value: FeeValue;
  onChange: (value: FeeValue) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * 'Free to use': 'Yes' (free), 'No' (paid) or 'Not sure' (null), asked like an amenity because
 * people answer it like one, though the restroom keeps it as 'free' or 'paid'.
 */
export function FeeChoice(props: FeeChoiceProps) {
  // Said when rendered: the form around it (a dialog using useT) renders it again in a new language.
  const choices: ReadonlyArray<RadioChoice<FeeValue>> = [
    { value: 'free', label: t('writes.choice.yes') },
    { value: 'paid', label: t('writes.choice.no') },
    { value: null, label: notSure() },
  ];
  return <RadioGroup legend={feeLabel()} choices={choices} {...props} />;
}
