import type { Comment, Restroom } from '@allstall/shared';
import type { Kysely, Transaction } from 'kysely';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/schema.js';
import { commentFromRow, selectComments } from './comments.js';
import { restroomIsVisible, restroomsWithHours, selectRestrooms } from './restrooms.js';

/** Where `readSnapshot` hands the public set over, a batch at a time, in id order. */
export interface SnapshotSink {
  /** Told the version first, before any batch, for a reader that writes it at the top (the open-data export). */
  version?: (version: number) => void;
  /** May return a promise: the next batch is read once it settles, so a slow writer holds back the read rather than piling up batches. */
  restrooms: (batch: Restroom[]) => void | Promise<void>;
  /** Left out by a reader that wants only the restrooms (the open-data export): comments are then not read. */
  comments?: (batch: Comment[]) => void;
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
export async function readSnapshot(db: Kysely<Database>, batchSize: number, sink: SnapshotSink): Promise<number> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const seq = await trx.selectFrom('meta').select('value').where('key', '=', 'seq').executeTakeFirst();
      sink.version?.(seq?.value ?? 0);
      await readRestrooms(trx, batchSize, sink.restrooms);
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
