import { LISTING_AMENITY_KEYS, type ListingAmenityKey, type ListingFields } from '@allstall/shared';
import { AMENITY_CHOICE_LABELS } from '../lib/restrooms/listing-choices';
import { AccessChoice } from './access-choice';
import { AmenityChoice } from './amenity-choice';
import { FeeChoice } from './fee-choice';

/** The fields a 'Know this? Tell us' can ask about: an amenity, who may use it, or whether it is free. */
export type ChoiceField = ListingAmenityKey | 'access' | 'fee';

export type ListingChoiceValues = Pick<ListingFields, ChoiceField>;

interface ListingChoicesProps<T extends ListingChoiceValues> {
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The group to focus when the dialog opens. */
  focusField?: ChoiceField | null | undefined;
}

/**
 * Every amenity as Yes / No / Not sure, then 'Who may use it?' and 'Free to use', as Add restroom, Suggest changes
 * and the admin's dialogs ask them: changing one hands back the value with that field changed.
 */
export function ListingChoices<T extends ListingChoiceValues>({ value, onChange, disabled = false, focusField = null }: ListingChoicesProps<T>) {
  // The labels are said when rendered: the form around it (a dialog using useT) renders it again in a new language.
  return (
    <div className="listing-choices">
      {LISTING_AMENITY_KEYS.map((key) => (
        <AmenityChoice
          key={key}
          label={AMENITY_CHOICE_LABELS[key]}
          value={value[key]}
          onChange={(answer) => onChange({ ...value, [key]: answer })}
          disabled={disabled}
          autoFocus={focusField === key}
        />
      ))}
      <AccessChoice value={value.access} onChange={(access) => onChange({ ...value, access })} disabled={disabled} autoFocus={focusField === 'access'} />
      <FeeChoice value={value.fee} onChange={(fee) => onChange({ ...value, fee })} disabled={disabled} autoFocus={focusField === 'fee'} />
    </div>
  );
}
