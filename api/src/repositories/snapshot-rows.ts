import { orderOutward, outwardDistanceMiles, partitionPieces, type Comment, type LatLng, type Restroom } from '@allstall/shared';
import type { Kysely, Transaction } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/schema.js';
import { commentFromRow, selectComments } from './comments.js';
import { restroomIsVisible, restroomsWithHours, selectRestrooms } from './restrooms.js';

/** Where `readSnapshot` hands the public set over, a batch at a time: restrooms (in the read's order), then comments in id order. */
export interface SnapshotSink {
  /** Told the version first, before any batch, for a reader that writes it at the top (the open-data export). */
  version?: (version: number) => void;
  /** May return a promise: the next batch is read once it settles, so a slow writer holds back the read rather than piling up batches. */
  restrooms: (batch: Restroom[]) => void | Promise<void>;
  /** Left out by a reader that wants only the restrooms (the open-data export): comments are then not read. */
  comments?: (batch: Comment[]) => void;
}

/** How `readSnapshot` orders the restrooms. */
export interface SnapshotReadOptions {
  /** Rows per batch handed to the sink. */
  batchSize: number;
  /**
   * Nearest first from the nearer of these points (the region's list origin and map centre), ties
   * and rows without a position in id order, those last (shared/src/geo/outward-order.ts); left
   * out, in id order (the open-data export, whose files are easier to compare and diff that way).
   */
  outwardFrom?: readonly LatLng[] | undefined;
}

/**
 * Reads every public restroom and comment (what a first pull of the feed from scratch would bring)
 * at one version of the database, in batches of `batchSize`, and returns that version: the cursor a
 * device pulls the feed from afterwards.
 *
 * One transaction makes the reads one version. On PostgreSQL, repeatable read fixes the snapshot at
 * the first query, which reads `meta.seq`; versions are committed in the order they are handed out
 * (feed-versions.ts), so every change up to `seq` is in what follows and none after it. SQLite has
 * one connection and serialisable transactions, so `begin` alone gives the same. Batches keep the
 * memory to one batch of row objects: the caller turns each into its line at once.
 */
export async function readSnapshot(
  db: Kysely<Database>,
  { batchSize, outwardFrom }: SnapshotReadOptions,
  sink: SnapshotSink,
): Promise<number> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const seq = await trx.selectFrom('meta').select('value').where('key', '=', 'seq').executeTakeFirst();
      sink.version?.(seq?.value ?? 0);
      if (outwardFrom === undefined) await readRestrooms(trx, batchSize, sink.restrooms);
      else await readRestroomsOutward(trx, batchSize, outwardFrom, sink.restrooms);
      if (sink.comments !== undefined) await readComments(trx, batchSize, sink.comments);
      return seq?.value ?? 0;
    });
}

/** Visible restrooms in id order; the next batch starts after the last id, which the primary key finds at once. */
async function readRestrooms(trx: Transaction<Database>, batchSize: number, take: SnapshotSink['restrooms']): Promise<void> {
  let afterId: string | null = null;
  for (;;) {
    let query = selectRestrooms(trx).where(restroomIsVisible);
    if (afterId !== null) query = query.where('restrooms.id', '>', afterId);
    const rows = await query.orderBy('restrooms.id').limit(batchSize).execute();
    if (rows.length > 0) await take(await restroomsWithHours(trx, rows));
    if (rows.length < batchSize) return;
    afterId = rows.at(-1)?.id ?? null;
    // better-sqlite3 answers synchronously, so without this the whole read would be one long task.
    await yieldToEventLoop();
  }
}

/** Rows of the light read that orders the snapshot: a few columns, many rows per query. */
const ORDER_READ_ROWS = 20_000;

/**
 * Visible restrooms nearest first from `origins`. One light read of every visible row's id and
 * position (in pages, by id, yielding between them) gives each its distance; a sort of those orders
 * the ids; the full rows are then read a batch at a time by id and put back in that order. What is
 * held whole is the ids and their distances (about 20 MB at 250,000 rows) and one batch of rows,
 * as in id order. Sorting in JS rather than SQL keeps one distance (the shared haversine) on both
 * databases and asks neither for trigonometry, and lets a row's key be the nearer of two points.
 */
async function readRestroomsOutward(
  trx: Transaction<Database>,
  batchSize: number,
  origins: readonly LatLng[],
  take: SnapshotSink['restrooms'],
): Promise<void> {
  const ids = await visibleIdsOutward(trx, origins);
  for (let at = 0; at < ids.length; at += batchSize) {
    const batchIds = ids.slice(at, at + batchSize);
    const rows = await selectRestrooms(trx).where(restroomIsVisible).where('restrooms.id', 'in', batchIds).execute();
    const place = new Map(batchIds.map((id, index) => [id, index]));
    rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
    if (rows.length > 0) await take(await restroomsWithHours(trx, rows));
    await yieldToEventLoop();
  }
}

/** Every visible restroom's id, nearest first from `origins`. */
async function visibleIdsOutward(trx: Transaction<Database>, origins: readonly LatLng[]): Promise<string[]> {
  const { ids, latitudes, longitudes } = await visiblePositions(trx);
  const distances = Float64Array.from(ids, (_, at) =>
    outwardDistanceMiles({ latitude: nullWhenNaN(latitudes[at]!), longitude: nullWhenNaN(longitudes[at]!) }, origins),
  );
  // Read in id order, so the sort's input order (ties, rows without a position) is id order.
  return Array.from(orderOutward(distances), (at) => ids[at]!);
}

const nullWhenNaN = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * Every visible restroom's id and position in id order, NaN for a missing coordinate: one light
 * read of a few columns, in pages by id, yielding between them.
 */
async function visiblePositions(trx: Transaction<Database>): Promise<{ ids: string[]; latitudes: number[]; longitudes: number[] }> {
  const ids: string[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  let afterId: string | null = null;
  for (;;) {
    let query = trx
      .selectFrom('restrooms')
      .select(['restrooms.id', 'restrooms.latitude', 'restrooms.longitude'])
      .where(restroomIsVisible);
    if (afterId !== null) query = query.where('restrooms.id', '>', afterId);
    const rows = await query.orderBy('restrooms.id').limit(ORDER_READ_ROWS).execute();
    for (const row of rows) {
      ids.push(row.id);
      latitudes.push(row.latitude ?? Number.NaN);
      longitudes.push(row.longitude ?? Number.NaN);
    }
    if (rows.length < ORDER_READ_ROWS) break;
    afterId = rows.at(-1)?.id ?? null;
    await yieldToEventLoop();
  }
  return { ids, latitudes, longitudes };
}

/** Where `readSnapshotPieces` hands the public set over: each piece's restrooms whole, then every comment. */
export interface SnapshotPiecesSink {
  /** One piece's restrooms in id order; the next piece is read once a returned promise settles. */
  piece: (key: string, restrooms: Restroom[]) => void | Promise<void>;
  /** Live comments on visible restrooms in id order, a batch at a time, after every piece. */
  comments: (batch: Comment[]) => void;
}

/**
 * Reads every public restroom and comment at one version (as `readSnapshot`), the restrooms piece
 * by piece of the quadtree partition (shared/src/geo/sync-pieces.ts) in key order, and returns that
 * version. One light read of every position decides the partition; each piece's rows are then read
 * by id, at most `batchSize` ids a query.
 */
export async function readSnapshotPieces(db: Kysely<Database>, { batchSize }: { batchSize: number }, sink: SnapshotPiecesSink): Promise<number> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const seq = await trx.selectFrom('meta').select('value').where('key', '=', 'seq').executeTakeFirst();
      const { ids, latitudes, longitudes } = await visiblePositions(trx);
      for (const { key, members } of partitionPieces(latitudes, longitudes)) {
        const restrooms: Restroom[] = [];
        for (let at = 0; at < members.length; at += batchSize) {
          const batchIds = members.slice(at, at + batchSize).map((member) => ids[member]!);
          const rows = await selectRestrooms(trx).where(restroomIsVisible).where('restrooms.id', 'in', batchIds).orderBy('restrooms.id').execute();
          restrooms.push(...(await restroomsWithHours(trx, rows)));
        }
        await sink.piece(key, restrooms);
        await yieldToEventLoop();
      }
      await readComments(trx, batchSize, sink.comments);
      return seq?.value ?? 0;
    });
}

/** Live comments on visible restrooms, in id order. */
async function readComments(trx: Transaction<Database>, batchSize: number, take: (batch: Comment[]) => void): Promise<void> {
  let afterId: string | null = null;
  for (;;) {
    let query = selectComments(trx)
      .innerJoin('restrooms', 'restrooms.id', 'comments.restroom_id')
      .where('comments.deleted_at', 'is', null)
      .where(restroomIsVisible);
    if (afterId !== null) query = query.where('comments.id', '>', afterId);
    const rows = await query.orderBy('comments.id').limit(batchSize).execute();
    if (rows.length > 0) take(rows.map(commentFromRow));
    if (rows.length < batchSize) return;
    afterId = rows.at(-1)?.id ?? null;
  }
}
