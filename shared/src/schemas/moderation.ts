import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { LatitudeSchema, LongitudeSchema, RestroomSchema, WeeklyHoursSchema } from './restroom.js';
import { SyncCursorSchema } from './sync.js';
import { ListingFieldsInputSchema, ListingFieldsSchema } from './listing-fields.js';
import { ADMIN_COMMENT_MAX_LENGTH } from './writes.js';

/*
 * The admin queues and their decisions (docs/product-rules.md#moderation): restrooms awaiting
 * approval, every restroom for /admin/editbathrooms, flagged suggestions and contact messages. A
 * decision on an item another admin already decided answers 409 `Already handled by NAME.`.
 */

export const RESTROOM_FILTER_MAX_LENGTH = 200;

/**
 * GET /api/bathrooms. Without `all` the public list; `all=1` (admins only) adds pending, rejected and
 * removed restrooms. `q` keeps the restrooms whose name or id contains it, ignoring case
 * ('Enter name, id').
 */
export const RestroomListQuerySchema = Type.Object(
  {
    all: Type.Optional(Type.Boolean()),
    q: Type.Optional(Type.String({ maxLength: RESTROOM_FILTER_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

/** GET /api/bathrooms: restrooms oldest first ('Load all bathrooms' with `all=1`). */
export const RestroomListSchema = Type.Array(RestroomSchema);

/** A restroom as admins see it: with the note only moderators read ('Comment for admin:'). */
const AdminRestroomSchema = Type.Intersect([
  RestroomSchema,
  Type.Object({ admin_comment: Type.Union([Type.String(), Type.Null()]) }),
]);
export type AdminRestroom = Static<typeof AdminRestroomSchema>;

/**
 * A row of 'Approve Bathrooms': the restroom (its `username` is who added it, `created_at` the date
 * added) with the comment its adder left for everyone, which goes public on approval.
 */
const PendingRestroomSchema = Type.Intersect([
  AdminRestroomSchema,
  Type.Object({ adder_comment: Type.Union([Type.String(), Type.Null()]) }),
]);
export type PendingRestroom = Static<typeof PendingRestroomSchema>;

/** GET /api/admin/pending: restrooms awaiting approval, oldest first. */
export const PendingRestroomsSchema = Type.Array(PendingRestroomSchema);

/** The verdicts an admin gives a restroom under review. */
const RestroomVerdictSchema = Type.Union([Type.Literal('approved'), Type.Literal('rejected')]);

/** The listing's fields an admin may set, editing a restroom or a flag's proposal alike, each optional. */
const LISTING_EDITS = Type.Partial(ListingFieldsInputSchema).properties;

/**
 * PATCH /api/bathrooms/:id: any edit ('Edit bathroom info:' and 'Save edits'), a verdict on a
 * pending restroom (`status`), and 'Remove from display' / 'Show again' (`is_removed`), alone or
 * together. A position is sent whole (both coordinates, or both null); `hours` replaces the week.
 */
export const RestroomDecisionBodySchema = Type.Object(
  {
    ...LISTING_EDITS,
    latitude: Type.Optional(Type.Union([LatitudeSchema, Type.Null()])),
    longitude: Type.Optional(Type.Union([LongitudeSchema, Type.Null()])),
    hours: Type.Optional(WeeklyHoursSchema),
    admin_comment: Type.Optional(Type.Union([Type.String({ maxLength: ADMIN_COMMENT_MAX_LENGTH }), Type.Null()])),
    status: Type.Optional(RestroomVerdictSchema),
    is_removed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RestroomDecisionBody = Static<typeof RestroomDecisionBodySchema>;

/**
 * The restroom after a decision. `version` is the change-feed position the decision took: a device
 * whose sync cursor is already at or past it holds this state or a newer one.
 */
export const RestroomDecisionResultSchema = Type.Object({
  version: SyncCursorSchema,
  restroom: AdminRestroomSchema,
});
export type RestroomDecisionResult = Static<typeof RestroomDecisionResultSchema>;

/** The one-value fields of a flag: the listing's, and 'Permanently closed'. */
const FlagValuesSchema = Type.Object({
  ...ListingFieldsSchema.properties,
  is_closed: Type.Boolean(),
});

/**
 * The listing fields a flag proposes, as the 'Review suggested edits' dialog sets them out: on the
 * original side `is_closed` is whether the restroom was removed from display. `hours` on the
 * proposal's side is absent when the person proposed no change to the hours (every flag from an
 * app before hours could be suggested), null for 'Hours unknown'; the original side always has
 * them (docs/product-rules.md#suggested-changes).
 */
export const FlagProposalSchema = Type.Object({
  ...FlagValuesSchema.properties,
  hours: Type.Optional(WeeklyHoursSchema),
});
export type FlagProposal = Static<typeof FlagProposalSchema>;

/** A field with one value, compared and edited one by one (the hours are a week, compared as a set of ranges). */
const FlagFieldSchema = Type.KeyOf(FlagValuesSchema);
export type FlagField = Static<typeof FlagFieldSchema>;

/** What a proposal may change: a one-value field or the week's hours. */
const FlagChangeSchema = Type.Union([FlagFieldSchema, Type.Literal('hours')]);
export type FlagChange = Static<typeof FlagChangeSchema>;

const FlagStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('approved'), Type.Literal('rejected')]);

/**
 * A row of 'Flagged Bathrooms' and its review dialog: who flagged it and when, the proposal above
 * the original (the restroom as it stood when flagged), and which fields the proposal changes.
 */
const FlagReviewSchema = Type.Object({
  id: IdSchema,
  restroom_id: IdSchema,
  /** Who flagged it. */
  username: Type.String(),
  created_at: IsoDateSchema,
  status: FlagStatusSchema,
  proposed: FlagProposalSchema,
  original: FlagProposalSchema,
  /** Fields where `proposed` differs from `original`, in the dialog's order (`hours` last); only `is_closed` for a closure. */
  changed: Type.Array(FlagChangeSchema),
  /** 'Other' in the suggest-changes dialog. */
  other: Type.String(),
});
export type FlagReview = Static<typeof FlagReviewSchema>;

/** GET /api/flags: open flags, oldest first. */
export const FlagReviewsSchema = Type.Array(FlagReviewSchema);

/**
 * The admin's own values in the review dialog's 'Edit', each replacing the proposed one. Not the
 * hours: the admin approves or rejects proposed hours as they are (docs/product-rules.md#suggested-changes).
 */
const FlagEditsSchema = Type.Object(
  {
    ...LISTING_EDITS,
    is_closed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FlagEdits = Static<typeof FlagEditsSchema>;

/**
 * PATCH /api/flags/:id: 'Approve' applies the proposal (with `edits` over it; a closure removes the
 * restroom from display), 'Reject suggestions' closes the flag and changes nothing else.
 */
export const FlagDecisionBodySchema = Type.Object(
  {
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    edits: Type.Optional(FlagEditsSchema),
  },
  { additionalProperties: false },
);
export type FlagDecisionBody = Static<typeof FlagDecisionBodySchema>;

/**
 * The decided flag, and the restroom as the decision left it; `version` as in RestroomDecisionResult,
 * or null when the decision changed nothing on the restroom (a rejection, or a proposal that matched).
 */
export const FlagDecisionResultSchema = Type.Object({
  flag: Type.Object({
    id: IdSchema,
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    /** Username of the admin who decided it. */
    resolved_by: Type.String(),
    resolved_at: IsoDateSchema,
  }),
  version: Type.Union([SyncCursorSchema, Type.Null()]),
  restroom: AdminRestroomSchema,
});
export type FlagDecisionResult = Static<typeof FlagDecisionResultSchema>;

/** A row of 'Feedback' and 'User Contact Details'. */
export const ContactItemSchema = Type.Object({
  id: IdSchema,
  user_id: IdSchema,
  username: Type.String(),
  details: Type.String(),
  inserted_at: IsoDateSchema,
  resolved: Type.Boolean(),
  /** Username of the admin who resolved it; null while unresolved. */
  resolved_by: Type.Union([Type.String(), Type.Null()]),
  resolved_at: Type.Union([IsoDateSchema, Type.Null()]),
});
export type ContactItem = Static<typeof ContactItemSchema>;

/** GET /api/contact: unresolved messages first, each group oldest first. */
export const ContactItemsSchema = Type.Array(ContactItemSchema);

/** PATCH /api/contact/:id: 'Mark as resolved' (there is no un-resolving). */
export const ContactDecisionBodySchema = Type.Object({ resolved: Type.Literal(true) }, { additionalProperties: false });
