import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { ListingAmenitiesSchema, ListingTextSchema, RestroomAccessSchema, RestroomFeeSchema } from './listing-fields.js';

/** Minutes-free 24-hour clock as the data uses it: 930 is 9:30, 0 is midnight, 2359 the last minute. */
const HhmmSchema = Type.Integer({ minimum: 0, maximum: 2359 });

/**
 * One opening range. `day` is 0 (Sunday) .. 6 (Saturday); `close < open` means the range runs past
 * midnight into the next day. A restroom may have several ranges on one day.
 */
export const HoursRangeSchema = Type.Object(
  { day: Type.Integer({ minimum: 0, maximum: 6 }), open: HhmmSchema, close: HhmmSchema },
  { additionalProperties: false },
);
export type HoursRange = Static<typeof HoursRangeSchema>;

/** `null` means the hours are unknown (no badge, no panel); an empty list is never sent. */
export const WeeklyHoursSchema = Type.Union([Type.Array(HoursRangeSchema, { maxItems: 28 }), Type.Null()]);
export type WeeklyHours = Static<typeof WeeklyHoursSchema>;

export const RestroomStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type RestroomStatus = Static<typeof RestroomStatusSchema>;

export const RestroomSourceSchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('refuge'),
  Type.Literal('osm'),
  Type.Literal('demo'),
]);
export type RestroomSource = Static<typeof RestroomSourceSchema>;

export const RestroomSchema = Type.Object({
  id: IdSchema,
  ...ListingTextSchema.properties,
  country: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  /**
   * The IANA time zone where the restroom stands, looked up from its position on the server; null
   * when unknown (no position), when the region's zone stands in. Its hours are read on this clock.
   */
  time_zone: Type.Union([Type.String(), Type.Null()]),
  ...ListingAmenitiesSchema.properties,
  access: RestroomAccessSchema,
  fee: RestroomFeeSchema,
  is_removed: Type.Boolean(),
  status: RestroomStatusSchema,
  upvotes: Type.Integer({ minimum: 0 }),
  downvotes: Type.Integer({ minimum: 0 }),
  /**
   * When someone last confirmed the restroom is there as described (a 'Still there' tap, or
   * feedback): the freshness signal shown on cards; null before the first.
   */
  last_confirmed_at: Type.Union([IsoDateSchema, Type.Null()]),
  hours: WeeklyHoursSchema,
  place_id: Type.Union([Type.String(), Type.Null()]),
  source: RestroomSourceSchema,
  /** Username of whoever added it; null for imported and demo rows. */
  username: Type.Union([Type.String(), Type.Null()]),
  created_at: IsoDateSchema,
  updated_at: IsoDateSchema,
});
export type Restroom = Static<typeof RestroomSchema>;

export const CommentSchema = Type.Object({
  id: IdSchema,
  restroom_id: IdSchema,
  user_id: IdSchema,
  username: Type.String(),
  content: Type.String(),
  inserted_at: IsoDateSchema,
});
export type Comment = Static<typeof CommentSchema>;

export const RestroomDetailSchema = Type.Intersect([
  RestroomSchema,
  Type.Object({ comments: Type.Array(CommentSchema) }),
]);
export type RestroomDetail = Static<typeof RestroomDetailSchema>;

export const LatitudeSchema = Type.Number({ minimum: -90, maximum: 90 });
export const LongitudeSchema = Type.Number({ minimum: -180, maximum: 180 });

export const NearbyQuerySchema = Type.Object(
  {
    lat: LatitudeSchema,
    lng: LongitudeSchema,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
  },
  { additionalProperties: false },
);

export const NearbyRestroomSchema = Type.Intersect([
  RestroomSchema,
  Type.Object({ distance: Type.Number({ description: 'miles, 2 decimals' }) }),
]);
export type NearbyRestroom = Static<typeof NearbyRestroomSchema>;

/**
 * GET /api/users/:id/restrooms: the restrooms a person added, newest first, whatever became of them
 * (pending, approved, rejected, removed), so their profile can show what still waits for review.
 */
export const UserRestroomsSchema = Type.Array(RestroomSchema);
export type UserRestrooms = Static<typeof UserRestroomsSchema>;
