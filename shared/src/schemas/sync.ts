import { Type, type Static } from 'typebox';
import { CommentSchema, RestroomSchema } from './restroom.js';
import { IdSchema } from './common.js';

/** An opaque position in the change feed; today the decimal text of the global `seq`. */
export const SyncCursorSchema = Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18 });

export const SyncQuerySchema = Type.Object(
  {
    since: Type.Optional(SyncCursorSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 1000 })),
  },
  { additionalProperties: false },
);
export type SyncQuery = Static<typeof SyncQuerySchema>;

/**
 * One page of the change feed: the visible rows changed after `since`, in version order, and the
 * ids of rows that left the public view (removed, rejected, deleted) since then. With `reset` the
 * client must drop its mirror and apply this page as the first of a full pull.
 */
export const SyncPageSchema = Type.Object({
  cursor: SyncCursorSchema,
  more: Type.Boolean(),
  reset: Type.Boolean(),
  restrooms: Type.Array(RestroomSchema),
  comments: Type.Array(CommentSchema),
  deleted: Type.Object({
    restrooms: Type.Array(IdSchema),
    comments: Type.Array(IdSchema),
  }),
});
export type SyncPage = Static<typeof SyncPageSchema>;
