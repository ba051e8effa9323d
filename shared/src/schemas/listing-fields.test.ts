import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import Value from 'typebox/value';
import { LISTING_FIELD_KEYS, listingFieldsOf, type ListingFields } from '../restrooms/listing-fields.js';
import { ImportRowSchema } from './imports.js';
import { ListingFieldsInputSchema, ListingFieldsSchema } from './listing-fields.js';
import { FlagProposalSchema, RestroomDecisionBodySchema } from './moderation.js';
import { RestroomSchema } from './restroom.js';
import { FlagBodySchema } from './writes.js';

const listing: ListingFields = {
  name: 'Eastside Co-op',
  street: '2551 Central Ave NE',
  city: 'Minneapolis',
  state: 'MN',
  unisex: true,
  accessible: true,
  changing_table: false,
  is_single_stall: true,
  menstrual_products: false,
  access: 'customers',
  fee: 'paid',
};

describe('the listing fields', () => {
  it('are the same fields in the plain list, the plain type and the schema', () => {
    expectTypeOf<Static<typeof ListingFieldsSchema>>().toEqualTypeOf<ListingFields>();
    expect(Object.keys(ListingFieldsSchema.properties)).toEqual([...LISTING_FIELD_KEYS]);
    expect(Object.keys(listingFieldsOf({ ...listing, ...{ extra: 1 } }))).toEqual([...LISTING_FIELD_KEYS]);
  });

  it('appear in every schema that carries a listing', () => {
    for (const schema of [RestroomSchema, ImportRowSchema, FlagBodySchema, FlagProposalSchema, RestroomDecisionBodySchema]) {
      expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining([...LISTING_FIELD_KEYS]));
    }
  });

  it('take text of any length as read, and only within the limits as written', () => {
    const long = { ...listing, city: 'x'.repeat(101) };
    expect(Value.Check(ListingFieldsSchema, long)).toBe(true);
    expect(Value.Check(ListingFieldsInputSchema, long)).toBe(false);
    expect(Value.Check(ListingFieldsInputSchema, { ...listing, city: 'x'.repeat(100) })).toBe(true);
  });
});
