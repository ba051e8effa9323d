import type { ListingTextKey } from '@allstall/shared';
import { LISTING_TEXT_FIELDS } from '../lib/restrooms/listing-text-fields';
import { useLocale } from '../lib/i18n/use-t';
import { TextField } from './text-field';

interface ListingTextFieldsProps<T extends Record<ListingTextKey, string>> {
  /** Prefix of the fields' ids, unique on the page (a dialog's useId). */
  idPrefix: string;
  value: T;
  onChange: (value: T) => void;
  /** The server's or the check's words about one field, or null. */
  problemFor: (key: ListingTextKey) => string | null;
  /** Marks Name as required, where a listing cannot be saved without one. */
  requireName?: boolean;
}

/** Name, Street, City and State of a listing, as the suggest, edit and review dialogs all ask for them. */
export function ListingTextFields<T extends Record<ListingTextKey, string>>({
  idPrefix,
  value,
  onChange,
  problemFor,
  requireName = false,
}: ListingTextFieldsProps<T>) {
  // Renders again when the language changes: the labels are read in the active one.
  useLocale();
  return LISTING_TEXT_FIELDS.map(({ key, label, maxLength }) => (
    <TextField
      key={key}
      id={`${idPrefix}-${key}`}
      label={label}
      required={requireName && key === 'name'}
      value={value[key]}
      maxLength={maxLength}
      problem={problemFor(key)}
      onChange={(text) => onChange({ ...value, [key]: text })}
    />
  ));
}
