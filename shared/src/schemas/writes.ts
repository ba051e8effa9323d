import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { RESTROOM_NAME_MAX_LENGTH } from '../restrooms/listing-fields.js';
import { CommentSchema, LatitudeSchema, LongitudeSchema, RestroomSchema, WeeklyHoursSchema } from './restroom.js';
import { AmenityValueSchema, ListingAmenitiesSchema, ListingTextInputSchema, RestroomAccessSchema, RestroomFeeSchema } from './listing-fields.js';
import { PlaceIdSchema } from './places.js';
import { SyncCursorSchema } from './sync.js';

/*
 * Bodies and answers of the writes a signed-in person makes (docs/architecture.md#idempotent-writes). A body never carries
 * a user id: the session says who writes. Every write may carry an Idempotency-Key header, the UUID
 * the client made for it; it becomes the id of the row the write creates, and a repeat of the same
 * key answers with the first response and changes nothing.
 */

/** The header that makes a write safe to repeat; its value is a UUID (the new row's id). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const COMMENT_MAX_LENGTH = 2000;
export const CONTACT_MAX_LENGTH = 5000;
export const FLAG_OTHER_MAX_LENGTH = 2000;

const ZeroOrOne = Type.Union([Type.Literal(0), Type.Literal(1)]);

/**
 * 'I peed here!': thumbs up or down (not both; neither is fine) and an optional comment. The thumb
 * replaces the person's earlier one for this restroom; the visit itself confirms the listing.
 */
export const FeedbackBodySchema = Type.Object(
  {
    restroom_id: IdSchema,
    upvote: ZeroOrOne,
    downvote: ZeroOrOne,
    comment: Type.Optional(Type.String({ maxLength: COMMENT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBodySchema>;

/**
 * The restroom with its new counts and the stored comment (null without one). `version` is the
 * change-feed position of this write: a device whose sync cursor is already at or past it has
 * newer rows than these and must not overwrite them.
 */
export const FeedbackResultSchema = Type.Object({
  version: SyncCursorSchema,
  restroom: RestroomSchema,
  comment: Type.Union([CommentSchema, Type.Null()]),
});
export type FeedbackResult = Static<typeof FeedbackResultSchema>;

/**
 * 'Something not look right?': the restroom as the person thinks it should be. Without `access`
 * or `fee` (a write queued by an app from before they existed) the proposal keeps the restroom's own.
 * `hours` is the week the person proposes (null: 'Hours unknown'); absent, they propose no change
 * to the hours, as every suggestion from an app before hours could be suggested.
 */
export const FlagBodySchema = Type.Object(
  {
    restroom_id: IdSchema,
    ...ListingTextInputSchema.properties,
    ...ListingAmenitiesSchema.properties,
    access: Type.Optional(RestroomAccessSchema),
    fee: Type.Optional(RestroomFeeSchema),
    hours: Type.Optional(WeeklyHoursSchema),
    other: Type.String({ maxLength: FLAG_OTHER_MAX_LENGTH }),
    is_closed: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type FlagBody = Static<typeof FlagBodySchema>;

export const FlagReceiptSchema = Type.Object({
  id: IdSchema,
  restroom_id: IdSchema,
  status: Type.Literal('open'),
  created_at: IsoDateSchema,
});
export type FlagReceipt = Static<typeof FlagReceiptSchema>;

/** 'Contact Us!': a message to the admins. */
export const ContactBodySchema = Type.Object(
  // No minLength: an empty message and a blank one get the same 'Hey!!' answer from `contactProblem`.
  { details: Type.String({ maxLength: CONTACT_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBodySchema>;

export const ContactReceiptSchema = Type.Object({ id: IdSchema, inserted_at: IsoDateSchema });
export type ContactReceipt = Static<typeof ContactReceiptSchema>;

export const ADMIN_COMMENT_MAX_LENGTH = 2000;
export const ADDRESS_MAX_LENGTH = 300;

/**
 * 'Add more info here:' (docs/product-rules.md#adding-a-restroom): a new restroom, stored `pending` until an admin
 * approves it (an admin's own is approved at once). `id` is the client's UUID for the new restroom,
 * the same as the write's Idempotency-Key, so a resend can never make a second one. The server
 * splits `formatted_address` into street, city and state. `comment` becomes the person's first
 * comment on it; `commentForAdmin` is only for the moderators. Amenities, `access` and `fee` are null
 * when the person does not know (the form starts there); a write queued before `fee` existed has none: unknown. `is_public` is how apps from before
 * `access` said it (true: 'public', false: unknown); the server reads it only without `access`.
 */
const NewRestroomSchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    placeID: Type.Optional(Type.Union([PlaceIdSchema, Type.Null()])),
    name: Type.String({ maxLength: RESTROOM_NAME_MAX_LENGTH }),
    formatted_address: Type.String({ maxLength: ADDRESS_MAX_LENGTH }),
    accessible: AmenityValueSchema,
    access: Type.Optional(RestroomAccessSchema),
    fee: Type.Optional(RestroomFeeSchema),
    is_public: Type.Optional(Type.Boolean()),
    unisex: AmenityValueSchema,
    changing_table: AmenityValueSchema,
    single_stall: AmenityValueSchema,
    menstrual_products: Type.Optional(AmenityValueSchema),
    latitude: Type.Union([LatitudeSchema, Type.Null()]),
    longitude: Type.Union([LongitudeSchema, Type.Null()]),
    commentForAdmin: Type.Optional(Type.String({ maxLength: ADMIN_COMMENT_MAX_LENGTH })),
    comment: Type.Optional(Type.String({ maxLength: COMMENT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type NewRestroom = Static<typeof NewRestroomSchema>;

export const NewRestroomBodySchema = Type.Object(
  { bathroomToAdd: NewRestroomSchema, bathroomHours: WeeklyHoursSchema },
  { additionalProperties: false },
);
export type NewRestroomBody = Static<typeof NewRestroomBodySchema>;

/** The stored restroom (status `pending` unless an admin added it), so the device can show it as waiting for review. */
export const NewRestroomReceiptSchema = Type.Object({ restroom: RestroomSchema });
export type NewRestroomReceipt = Static<typeof NewRestroomReceiptSchema>;

/**
 * 'Still there' (docs/product-rules.md#fresh-or-stale): a signed-in person says in one tap that the
 * restroom is there and as described. It counts at most once a day per person and restroom (the
 * restroom's own calendar day); a repeat that day changes nothing and answers `counted: false`.
 */
export const ConfirmationBodySchema = Type.Object({ restroom_id: IdSchema }, { additionalProperties: false });
export type ConfirmationBody = Static<typeof ConfirmationBodySchema>;

/**
 * The restroom after the confirmation (its `last_confirmed_at` moved when `counted`). `version` is
 * its change-feed position, as in FeedbackResult: a device whose cursor is at or past it keeps its row.
 */
export const ConfirmationResultSchema = Type.Object({
  version: SyncCursorSchema,
  restroom: RestroomSchema,
  counted: Type.Boolean(),
});
export type ConfirmationResult = Static<typeof ConfirmationResultSchema>;
