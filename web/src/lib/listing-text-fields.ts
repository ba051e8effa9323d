import { LISTING_TEXT_KEYS, LISTING_TEXT_MAX_LENGTH, type ListingTextKey } from '@allstall/shared';

const LABELS: { readonly [K in ListingTextKey]: string } = { name: 'Name', street: 'Street', city: 'City', state: 'State' };

/** A listing's text fields in the dialogs' order and words, each as long as the server takes it. */
export const LISTING_TEXT_FIELDS: ReadonlyArray<{ key: ListingTextKey; label: string; maxLength: number }> = LISTING_TEXT_KEYS.map((key) => ({
  key,
  label: LABELS[key],
  maxLength: LISTING_TEXT_MAX_LENGTH[key],
}));
