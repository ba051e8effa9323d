/*
 * The listing fields: what a restroom's listing says of it, the part people suggest changes to,
 * admins edit, imports bring and the demo seed holds. Their names and the longest each text may be
 * are defined here once; the schemas (schemas/listing-fields.ts) are made from these lists. This
 * file imports no schema code, so drafts and forms can use it without loading TypeBox.
 */

export const RESTROOM_NAME_MAX_LENGTH = 200;
export const STREET_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const STATE_MAX_LENGTH = 50;

/** The text fields, in the dialogs' order. */
export const LISTING_TEXT_KEYS = ['name', 'street', 'city', 'state'] as const;
export type ListingTextKey = (typeof LISTING_TEXT_KEYS)[number];

/**
 * The yes/no/unknown fields, in the order the restroom and the review dialog list them. Each is
 * `true` (known yes), `false` (known no) or `null` (nobody has said): docs/product-rules.md#what-we-know.
 */
export const LISTING_AMENITY_KEYS = ['unisex', 'accessible', 'changing_table', 'is_single_stall', 'menstrual_products'] as const;
export type ListingAmenityKey = (typeof LISTING_AMENITY_KEYS)[number];
/** An amenity as stored and sent: yes, no, or null for unknown. */
export type AmenityValue = boolean | null;

/**
 * Who may use the restroom: anyone, a place's customers, or whoever asks staff for the key; null
 * when nobody has said. Replaced the old yes/no `public`, which could not tell "customers only"
 * from "locked and private" from "unknown".
 */
export const RESTROOM_ACCESS_VALUES = ['public', 'customers', 'key'] as const;
export type RestroomAccess = (typeof RESTROOM_ACCESS_VALUES)[number];
export type AccessValue = RestroomAccess | null;

/**
 * Whether using the restroom costs money: 'free', 'paid', or null when nobody has said. Its own
 * field rather than a yes/no amenity, so "Free" reads as itself everywhere and the OpenStreetMap
 * `fee=yes|no` tag (yes = paid) maps without a double negative.
 */
export const RESTROOM_FEE_VALUES = ['free', 'paid'] as const;
export type RestroomFee = (typeof RESTROOM_FEE_VALUES)[number];
export type FeeValue = RestroomFee | null;

export const LISTING_FIELD_KEYS = [...LISTING_TEXT_KEYS, ...LISTING_AMENITY_KEYS, 'access', 'fee'] as const;
type ListingFieldKey = (typeof LISTING_FIELD_KEYS)[number];

/** The longest each text may be written (by a person, an admin or an import); what is stored may be longer. */
export const LISTING_TEXT_MAX_LENGTH: { readonly [K in ListingTextKey]: number } = {
  name: RESTROOM_NAME_MAX_LENGTH,
  street: STREET_MAX_LENGTH,
  city: CITY_MAX_LENGTH,
  state: STATE_MAX_LENGTH,
};

export type ListingFields = {
  [K in ListingFieldKey]: K extends ListingTextKey ? string : K extends ListingAmenityKey ? AmenityValue : K extends 'access' ? AccessValue : FeeValue;
};

/** 'yes', 'no' or 'unknown': how screens and screen readers say an amenity's value. */
export type AmenityAnswer = 'yes' | 'no' | 'unknown';
export function amenityAnswer(value: AmenityValue): AmenityAnswer {
  return value === null ? 'unknown' : value ? 'yes' : 'no';
}

/**
 * 'Open to the public' as yes, no or unknown: 'customers' and 'key' are a known no, so nobody is
 * sent to a door that will not open for them. Undefined (a copy kept from before `access`) is unknown.
 */
export function accessIsPublic(access: AccessValue | undefined): AmenityValue {
  return access === null || access === undefined ? null : access === 'public';
}

/** 'Free' as yes, no or unknown: paid is a known no. Undefined (a copy kept from before `fee`) is unknown. */
export function feeIsFree(fee: FeeValue | undefined): AmenityValue {
  return fee === null || fee === undefined ? null : fee === 'free';
}

/** Just the listing fields of a restroom (or a proposal, or a row): the start of a draft or a proposal. */
export function listingFieldsOf(from: ListingFields): ListingFields {
  // Built from the key list, in its order, so the fields stay written out once.
  return Object.fromEntries(LISTING_FIELD_KEYS.map((key) => [key, from[key]])) as ListingFields;
}
