import type { AccessValue, AmenityValue, ListingAmenityKey, RestroomAccess } from '@allstall/shared';

/*
 * The words the forms and admin screens use for the yes/no/unknown amenities and for who may use a
 * restroom (docs/product-rules.md#what-we-know). No schema code, so the first screen's bundle can use it.
 */

/** Each amenity's name, as the list and the detail name it, in the restroom's order. */
export const AMENITY_CHOICE_LABELS: { readonly [K in ListingAmenityKey]: string } = {
  unisex: 'Gender-neutral',
  accessible: 'Wheelchair accessible',
  changing_table: 'Changing table',
  is_single_stall: 'Single stall',
  menstrual_products: 'Menstrual products',
};

export const ACCESS_QUESTION = 'Who may use it?';

/** Who may use it, in words. */
export const ACCESS_WORDS: { readonly [K in RestroomAccess]: string } = {
  public: 'Open to the public',
  customers: 'Customers only',
  key: 'Ask for a key',
};

/** 'Not sure' in a form, null on the wire. */
export const NOT_SURE = 'Not sure';

/** A review's word for an amenity's value: 'Unknown' is a value of its own, not 'No'. */
export function amenityValueText(value: AmenityValue): string {
  return value === null ? 'Unknown' : value ? 'Yes' : 'No';
}

/** A review's words for who may use it. */
export function accessValueText(value: AccessValue): string {
  return value === null ? 'Unknown' : ACCESS_WORDS[value];
}
