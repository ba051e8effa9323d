import { CITY_MAX_LENGTH, RESTROOM_NAME_MAX_LENGTH, STATE_MAX_LENGTH, STREET_MAX_LENGTH } from '@allstall/shared';

export type ListingTextKey = 'name' | 'street' | 'city' | 'state';

/** A listing's text fields in the dialogs' order and words, each as long as the server takes it. */
export const LISTING_TEXT_FIELDS: ReadonlyArray<{ key: ListingTextKey; label: string; maxLength: number }> = [
  { key: 'name', label: 'Name', maxLength: RESTROOM_NAME_MAX_LENGTH },
  { key: 'street', label: 'Street', maxLength: STREET_MAX_LENGTH },
  { key: 'city', label: 'City', maxLength: CITY_MAX_LENGTH },
  { key: 'state', label: 'State', maxLength: STATE_MAX_LENGTH },
];
