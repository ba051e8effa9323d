import { Type, type TBoolean, type TNull, type TString, type TUnion, type TLiteral } from 'typebox';
import {
  LISTING_AMENITY_KEYS,
  LISTING_TEXT_KEYS,
  LISTING_TEXT_MAX_LENGTH,
  RESTROOM_ACCESS_VALUES,
  RESTROOM_FEE_VALUES,
  type ListingAmenityKey,
  type ListingTextKey,
} from '../restrooms/listing-fields.js';

/*
 * The listing fields (restrooms/listing-fields.ts) as schemas, each made from the one list of names:
 * the restroom, the import row, the flag and its proposal, and the admin's edits all spread these.
 */

type TextProperties = { [K in ListingTextKey]: TString };

function textProperties(limited: boolean): TextProperties {
  const entries = LISTING_TEXT_KEYS.map((key) => [key, limited ? Type.String({ maxLength: LISTING_TEXT_MAX_LENGTH[key] }) : Type.String()]);
  return Object.fromEntries(entries) as TextProperties;
}

/** The text as stored and read: of any length, since rows from before a limit (or an address split longer) must still read. */
export const ListingTextSchema = Type.Object(textProperties(false));

/** The text as written by a person, an admin or an import: each no longer than its limit. */
export const ListingTextInputSchema = Type.Object(textProperties(true));

/** Yes, no, or null for unknown. */
export const AmenityValueSchema = Type.Union([Type.Boolean(), Type.Null()]);

export const ListingAmenitiesSchema = Type.Object(
  Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, AmenityValueSchema])) as { [K in ListingAmenityKey]: TUnion<[TBoolean, TNull]> },
);

/** 'public' | 'customers' | 'key', or null for unknown (restrooms/listing-fields.ts). */
export const RestroomAccessSchema = Type.Union([
  ...RESTROOM_ACCESS_VALUES.map((value) => Type.Literal(value)),
  Type.Null(),
]) as TUnion<[TLiteral<'public'>, TLiteral<'customers'>, TLiteral<'key'>, TNull]>;

/** 'free' | 'paid', or null for unknown (restrooms/listing-fields.ts). */
export const RestroomFeeSchema = Type.Union([
  ...RESTROOM_FEE_VALUES.map((value) => Type.Literal(value)),
  Type.Null(),
]) as TUnion<[TLiteral<'free'>, TLiteral<'paid'>, TNull]>;

export const ListingFieldsSchema = Type.Object({
  ...ListingTextSchema.properties,
  ...ListingAmenitiesSchema.properties,
  access: RestroomAccessSchema,
  fee: RestroomFeeSchema,
});
export const ListingFieldsInputSchema = Type.Object({
  ...ListingTextInputSchema.properties,
  ...ListingAmenitiesSchema.properties,
  access: RestroomAccessSchema,
  fee: RestroomFeeSchema,
});
