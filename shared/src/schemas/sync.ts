import { Type, type Static } from 'typebox';
import { CommentSchema, RestroomSchema, type Comment } from './restroom.js';
import { IdSchema } from './common.js';
import { COMPACT_RESTROOM_FIELDS, COMPACT_RESTROOM_FORMAT, SNAPSHOT_LINE_ROWS } from '../restrooms/compact-restroom.js';
import type { CompactRestroom } from './compact-restroom.js';

/** An opaque position in the change feed; today the decimal text of the global `seq`. */
export const SyncCursorSchema = Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18 });

/**
 * Changes in one page of the feed when the device does not say: the page the web client asks for,
 * and the unit a server's snapshot policy counts in (SNAPSHOT_REBUILD_CHANGES).
 */
export const SYNC_PAGE_CHANGES = 1000;

export const SyncQuerySchema = Type.Object(
  {
    since: Type.Optional(SyncCursorSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: SYNC_PAGE_CHANGES })),
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

/*
 * GET /api/sync/snapshot: every public restroom and comment at one position of the feed, for a
 * device's first sync. The body is newline-delimited JSON (`application/x-ndjson`), so a device can
 * parse and store it line by line while it is still arriving: first a header, then lines of up to
 * SNAPSHOT_LINE_ROWS restrooms (compact rows, sent as columns: see below) or comments, then `{"end":true}`, without which the
 * body was cut short and must not be taken as the whole set. The device then pulls the feed with
 * `since` = the header's cursor, which brings exactly what changed after the snapshot.
 */
export const SNAPSHOT_FORMAT = 1;

export const SyncSnapshotHeaderSchema = Type.Object({
  format: Type.Literal(SNAPSHOT_FORMAT),
  restroomFormat: Type.Literal(COMPACT_RESTROOM_FORMAT),
  /** The feed position the snapshot stands at: pull `/api/sync?since=<cursor>` after it. */
  cursor: SyncCursorSchema,
  /** How many restrooms and comments the lines after the header hold, for a progress count. */
  restrooms: Type.Integer({ minimum: 0 }),
  comments: Type.Integer({ minimum: 0 }),
});
export type SyncSnapshotHeader = Static<typeof SyncSnapshotHeaderSchema>;

/**
 * A snapshot line as it travels. Restroom lines are column-major: `restroomColumns[f][i]` is field
 * `f` (the compact row's position) of the line's restroom `i`. With like values side by side (every
 * latitude, then every flag word, then every date) brotli packs 100,000 restrooms into 7% fewer
 * bytes than row by row (5.68 MB against 6.13 MB at quality 6). A device turns each line back into
 * rows (`snapshotRowsOfColumns`) and checks those as `CompactRestroomSchema` says.
 */
export const SyncSnapshotWireLineSchema = Type.Union([
  Type.Object(
    {
      restroomColumns: Type.Array(Type.Array(Type.Unknown(), { maxItems: SNAPSHOT_LINE_ROWS }), {
        minItems: COMPACT_RESTROOM_FIELDS,
        maxItems: COMPACT_RESTROOM_FIELDS,
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ comments: Type.Array(CommentSchema, { maxItems: SNAPSHOT_LINE_ROWS }) }, { additionalProperties: false }),
  Type.Object({ end: Type.Literal(true) }, { additionalProperties: false }),
]);
export type SyncSnapshotWireLine = Static<typeof SyncSnapshotWireLineSchema>;

/** A snapshot line once read: restrooms back in rows (`snapshotWireLine` and `snapshotRowsOfColumns` convert). */
export type SyncSnapshotLine = { restrooms: CompactRestroom[] } | { comments: Comment[] } | { end: true };



/*
 * GET /api/sync/pieces and GET /api/sync/pieces/NAME: the first sync in pieces
 * (docs/offline-data.md#first-sync-in-pieces). The index says, for one feed position, every piece of
 * the public set: its quadtree cell's key (shared/src/geo/sync-pieces.ts), its name (the key and a
 * hash of its bytes: a piece whose restrooms did not change keeps its name from one build to the
 * next, so a cache may keep it for ever) and its counts. A piece's body is snapshot lines
 * (SyncSnapshotWireLineSchema) of its restrooms, then of their comments, then `{"end":true}`; it has
 * no header, since the index says what it stands at. A device that holds every piece of one index
 * pulls the feed with `since` = the index's cursor.
 */
export const SYNC_PIECES_FORMAT = 1;

const SyncPieceSchema = Type.Object({
  key: Type.String({ pattern: '^(x|[0-3]{0,24})$', maxLength: 24 }),
  name: Type.String({ pattern: '^(x|[0-3]{0,24})\\.[0-9a-f]{16}$', maxLength: 41 }),
  restrooms: Type.Integer({ minimum: 0 }),
  comments: Type.Integer({ minimum: 0 }),
  /** Its size as Brotli sends it, for a progress bar that counts bytes. */
  bytes: Type.Integer({ minimum: 0 }),
});
export type SyncPiece = Static<typeof SyncPieceSchema>;

export const SyncPieceIndexSchema = Type.Object({
  format: Type.Literal(SYNC_PIECES_FORMAT),
  restroomFormat: Type.Literal(COMPACT_RESTROOM_FORMAT),
  /** The feed position every piece stands at: pull `/api/sync?since=<cursor>` once all are stored. */
  cursor: SyncCursorSchema,
  restrooms: Type.Integer({ minimum: 0 }),
  comments: Type.Integer({ minimum: 0 }),
  pieces: Type.Array(SyncPieceSchema),
});
export type SyncPieceIndex = Static<typeof SyncPieceIndexSchema>;

/**
 * Response header of `GET /api/bathrooms/:id` and of the feedback answer: the feed version
 * (`meta.seq`) read before the restroom was, so the answer holds every change up to it. A device
 * applies the answer to its mirror only when this is at least the mirror's cursor; otherwise a
 * pull has already brought something newer. Lower case, as `fetch`'s Headers reads it.
 */
export const FEED_VERSION_HEADER = 'feed-version';
