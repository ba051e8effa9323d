import { Type, type Static } from 'typebox';
import { COMPACT_FLAGS_MAX } from '../restrooms/compact-restroom.js';
import { IdSchema, IsoDateSchema } from './common.js';
import { RestroomSourceSchema, RestroomStatusSchema } from './restroom.js';
import { RestroomAccessSchema, RestroomFeeSchema } from './listing-fields.js';

/*
 * The compact restroom row (see shared/src/restrooms/compact-restroom.ts for the codec and why it
 * exists): the position of each value is the format.
 */

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/**
 * Hours as day, open, close triples in one array (`[1, 900, 1700, 2, 900, 1700]`), or null when
 * unknown, as `WeeklyHours` holds them.
 */
const CompactHoursSchema = Type.Union([Type.Array(Type.Integer({ minimum: 0, maximum: 2359 }), { maxItems: 28 * 3 }), Type.Null()]);

export const CompactRestroomSchema = Type.Tuple([
  IdSchema, // 0 id
  Type.String(), // 1 name
  Type.String(), // 2 street
  Type.String(), // 3 city
  Type.String(), // 4 state
  Type.String(), // 5 country
  NullableNumber, // 6 latitude
  NullableNumber, // 7 longitude
  Type.Integer({ minimum: 0, maximum: COMPACT_FLAGS_MAX }), // 8 flags: amenities known and yes, removed
  RestroomStatusSchema, // 9 status
  Type.Integer({ minimum: 0 }), // 10 upvotes
  Type.Integer({ minimum: 0 }), // 11 downvotes
  Type.Union([IsoDateSchema, Type.Null()]), // 12 last_confirmed_at
  CompactHoursSchema, // 13 hours
  NullableString, // 14 place_id
  RestroomSourceSchema, // 15 source
  NullableString, // 16 username
  IsoDateSchema, // 17 created_at
  IsoDateSchema, // 18 updated_at
  NullableString, // 19 time_zone
  RestroomAccessSchema, // 20 access
  RestroomFeeSchema, // 21 fee
]);
export type CompactRestroom = Static<typeof CompactRestroomSchema>;
