import { COMPACT_AT, compactRestroom, pieceHolds, type Comment, type CompactRestroom, type PieceName, type Restroom, type SyncPage } from '@allstall/shared';
import { metaGet, metaSet, type AllstallDb } from '../db/db';
import { bucketOf, type RestroomBucket } from './buckets';
import { ALL_BUCKETS, openMirrorChannel, type MirrorChannel } from './mirror-channel';
import type { MirrorStore } from './mirror-store';
import { mirrorGeneration } from './stored-columns';

/**
 * A restroom as a server answer gave it (a detail fetch, a feedback write's result), with how new
 * that answer is: `feedVersion` says every change up to that feed position was committed before the
 * row was read (the `Feed-Version` header, or a write's own version); null when the server did not say.
 */
interface RestroomAnswer {
  restroom: Restroom;
  feedVersion: string | null;
  /** Comments to store with it. */
  comments?: Comment[];
  /** The answer held all of the restroom's comments: stored ones it lacks are gone. */
  allComments?: boolean;
}

/** Work to run once the transaction that wrote the buckets has committed. */
export type AfterCommit = () => void;

/** The tables one mirror write touches; the outbox adds its own table to these. */
export function mirrorTables(db: AllstallDb) {
  return [db.restroomBuckets, db.stagedRows, db.comments, db.meta];
}

/** How a first sync in pieces begins: afresh, or resuming one cut short. */
interface SnapshotBegin {
  /** The index's cursor, noted with the pieces stored so far. */
  cursor: string;
  /** Resuming: the stored pieces the index still names (kept) and those it does not (their rows go). Null: a fresh start, everything cleared. */
  resume: { keep: PieceName[]; drop: PieceName[] } | null;
}

interface SnapshotWrite {
  /** Restrooms a resume dropped with their pieces (the page drops them from its memory too). */
  readonly dropped: string[];
  /** Applied to memory at once (the list can show them); saved with the next flush. */
  addRestrooms(rows: readonly CompactRestroom[]): void;
  addComments(comments: readonly Comment[]): void;
  /** Rows applied to memory and not yet flushed. */
  readonly unflushed: number;
  /** A piece's rows are all added: it counts as stored from the next flush on. */
  pieceDone(piece: PieceName): void;
  /**
   * Writes the touched buckets, the comments and the pieces now whole; with `cursor`, the
   * snapshot's position too (the last flush), and the first sync's progress goes.
   */
  flush(cursor?: string): Promise<void>;
  /** Rows saved to IndexedDB so far. */
  readonly saved: number;
  /** Ends the bulk mode of the store's notifications; call once, whatever happened. */
  close(): void;
}

/**
 * The one module that writes the restroom mirror: feed pages, the first-sync snapshot, a feedback
 * write's answer and a detail refresh all come through here. Each write puts its buckets (and
 * comments and cursor) in one IndexedDB transaction, then updates this tab's store and tells other
 * tabs which buckets changed. The service worker has a writer without a store.
 */
export interface MirrorWriter {
  readonly db: AllstallDb;
  /** A page of the feed, with its cursor; always applied, the feed being the cursor's own source. */
  applyFeedPage(page: SyncPage, options: { clear: boolean; finishedAt: number | null }): Promise<void>;
  /** An answer in a transaction of its own; false when the mirror already held something newer. */
  applyRestroomAnswer(answer: RestroomAnswer): Promise<boolean>;
  /**
   * The same inside the caller's open transaction (which must include `mirrorTables`); the returned
   * work updates memory and other tabs and must run only after that transaction committed. Null
   * when the mirror already held something newer.
   */
  stageRestroomAnswer(answer: RestroomAnswer): Promise<AfterCommit | null>;
  /** A comment its author deleted, inside the caller's open transaction (which must include `mirrorTables`). */
  stageCommentDeletion(commentId: string): Promise<void>;
  /**
   * The stored comments, read here so one module owns the comments table: a restroom's, a person's,
   * or those with the given ids (undefined where one is gone). Inside a live query they are watched too.
   */
  restroomComments(restroomId: string): Promise<Comment[]>;
  commentsBy(userId: string): Promise<Comment[]>;
  commentsWithIds(ids: readonly string[]): Promise<Array<Comment | undefined>>;
  /** Drops a person's comments from the stored ones (they logged out: a shared phone keeps no trace of them). */
  forgetCommentsBy(userId: string): Promise<void>;
  /** Starts a first sync: clears the mirror, its comments and its cursor. */
  beginSnapshot(start: SnapshotBegin): Promise<SnapshotWrite>;
}

export interface MirrorWriterOptions {
  db: AllstallDb;
  /** This tab's store; none in the service worker. */
  store?: MirrorStore | null;
  /** Defaults to the real BroadcastChannel where there is one. */
  channel?: MirrorChannel | null;
}

/** Feed cursors are decimal text up to 18 digits: longer is larger, then text order is number order. */
function compareCursors(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function createMirrorWriter(options: MirrorWriterOptions): MirrorWriter {
  const { db } = options;
  const store = options.store ?? null;
  const channel = options.channel === undefined ? openMirrorChannel(db.name) : options.channel;

  async function ready(): Promise<void> {
    if (store) await store.ready();
  }

  /** Every transaction that changes a bucket says so here, inside it: the stored column index is then out of date. */
  async function bucketsChanged(): Promise<void> {
    await metaSet(db, 'mirrorGeneration', (await mirrorGeneration(db)) + 1);
  }

  /**
   * Rewrites the buckets the rows fall in, reading each record first: another tab or the service
   * worker may have changed the same bucket, and this tab's memory may not have heard yet.
   * Deletions go first, so a row that left and came back within one page ends up present.
   */
  async function writeRows(puts: readonly CompactRestroom[], deletes: readonly string[]): Promise<Set<number>> {
    const changes = new Map<number, { puts: CompactRestroom[]; deletes: string[] }>();
    const changeOf = (bucket: number) => {
      let change = changes.get(bucket);
      if (!change) changes.set(bucket, (change = { puts: [], deletes: [] }));
      return change;
    };
    for (const id of deletes) changeOf(bucketOf(id)).deletes.push(id);
    for (const row of puts) changeOf(bucketOf(row[0])).puts.push(row);
    if (changes.size === 0) return new Set();
    const buckets = [...changes.keys()];
    const records = await db.restroomBuckets.bulkGet(buckets);
    const written = buckets.map((bucket, at): RestroomBucket => {
      const rows = new Map((records[at]?.rows ?? []).map((row) => [row[0], row] as const));
      const change = changes.get(bucket)!;
      for (const id of change.deletes) rows.delete(id);
      for (const row of change.puts) rows.set(row[0], row);
      return { bucket, rows: [...rows.values()] };
    });
    await db.restroomBuckets.bulkPut(written);
    await bucketsChanged();
    return new Set(buckets);
  }

  function afterCommit(buckets: Iterable<number>, memory: (store: MirrorStore) => void): AfterCommit {
    return () => {
      if (store) memory(store);
      channel?.post(buckets);
    };
  }

  /** Whether an answer at `feedVersion` is at least as new as what the mirror holds for `id`. */
  async function answerIsCurrent(answer: RestroomAnswer): Promise<boolean> {
    if (answer.feedVersion === null) {
      // Unknown age: it may only fill a gap, never replace a row a pull brought.
      const stored = await db.restroomBuckets.get(bucketOf(answer.restroom.id));
      return !stored?.rows.some((row) => row[0] === answer.restroom.id);
    }
    const cursor = await metaGet(db, 'syncCursor');
    return cursor === undefined || compareCursors(answer.feedVersion, cursor) >= 0;
  }

  async function stageRestroomAnswer(answer: RestroomAnswer): Promise<AfterCommit | null> {
    if (!(await answerIsCurrent(answer))) return null;
    const row = compactRestroom(answer.restroom);
    const buckets = await writeRows([row], []);
    const comments = answer.comments ?? [];
    if (answer.allComments) {
      const fresh = new Set(comments.map((comment) => comment.id));
      const stale = await db.comments.where('restroom_id').equals(answer.restroom.id).filter((c) => !fresh.has(c.id)).primaryKeys();
      await db.comments.bulkDelete(stale);
    }
    await db.comments.bulkPut(comments);
    return afterCommit(buckets, (s) => s.put([row]));
  }

  return {
    db,

    async stageCommentDeletion(commentId) {
      await db.comments.delete(commentId);
    },

    restroomComments: (restroomId) => db.comments.where('restroom_id').equals(restroomId).toArray(),
    commentsBy: (userId) => db.comments.where('user_id').equals(userId).toArray(),
    commentsWithIds: (ids) => db.comments.bulkGet([...ids]),
    async forgetCommentsBy(userId) {
      await db.comments.where('user_id').equals(userId).delete();
    },

    async applyFeedPage(page, { clear, finishedAt }) {
      await ready();
      const puts = page.restrooms.map(compactRestroom);
      const buckets = await db.transaction('rw', mirrorTables(db), async () => {
        if (clear) {
          await db.restroomBuckets.clear();
          await db.stagedRows.clear();
          await db.comments.clear();
          await bucketsChanged();
        }
        const touched = await writeRows(puts, page.deleted.restrooms);
        await db.comments.bulkDelete(page.deleted.comments);
        await db.comments.bulkPut(page.comments);
        await metaSet(db, 'syncCursor', page.cursor);
        if (finishedAt !== null) await metaSet(db, 'lastSyncedAt', finishedAt);
        return clear ? ALL_BUCKETS : touched;
      });
      afterCommit(buckets, (s) => {
        if (clear) s.clear();
        s.delete(page.deleted.restrooms);
        s.put(puts);
      })();
    },

    async applyRestroomAnswer(answer) {
      await ready();
      let after: AfterCommit | null = null;
      await db.transaction('rw', mirrorTables(db), async () => {
        after = await stageRestroomAnswer(answer);
      });
      (after as AfterCommit | null)?.();
      return after !== null;
    },

    stageRestroomAnswer,

    async beginSnapshot({ cursor, resume }) {
      await ready();
      if (resume === null) {
        await db.transaction('rw', mirrorTables(db), async () => {
          await db.restroomBuckets.clear();
          await db.stagedRows.clear();
          await db.comments.clear();
          await db.meta.delete('syncCursor');
          await metaSet(db, 'firstSyncPieces', { cursor, stored: [] });
          await bucketsChanged();
        });
        store?.clear();
        channel?.post(ALL_BUCKETS);
        return snapshotWrite(cursor, [], []);
      }
      // Resuming on this index: the rows of pieces it no longer names may since have been deleted,
      // moved or hidden; their cells come again with its pieces.
      // Memory holds the buckets and the staged rows (`loadStoredRows`); what the last run staged is
      // merged into the buckets here, so the staged records are this run's alone.
      const memory = requireStore();
      const dropped = memory.allRows().filter((row) => resume.drop.some((piece) => pieceHolds(piece.key, row[COMPACT_AT.latitude], row[COMPACT_AT.longitude])));
      const ids = dropped.map((row) => row[COMPACT_AT.id]);
      memory.delete(ids);
      const buckets = await db.transaction('rw', mirrorTables(db), async () => {
        const staged = (await db.stagedRows.count()) > 0;
        const rewritten = staged ? ALL_BUCKETS : [...new Set(ids.map(bucketOf))];
        await writeBucketsFromMemory(memory, rewritten);
        if (ids.length > 0) await db.comments.where('restroom_id').anyOf(ids).delete();
        await metaSet(db, 'firstSyncPieces', { cursor, stored: resume.keep });
        return rewritten;
      });
      channel?.post(buckets);
      return snapshotWrite(cursor, resume.keep, ids);
    },
  };

  /**
   * Inside a first sync's transaction: the buckets rewritten whole from memory, the staged rows
   * gone (memory holds them), the generation bumped. One put at a time: each bucket is copied into
   * IndexedDB in a task of its own, so writing 100,000 rows is many short tasks, not one long one.
   */
  async function writeBucketsFromMemory(memory: MirrorStore, buckets: readonly number[]): Promise<void> {
    for (const bucket of buckets) await db.restroomBuckets.put({ bucket, rows: memory.bucketRows(bucket) });
    await db.stagedRows.clear();
    if (buckets.length > 0) await bucketsChanged();
  }

  function requireStore(): MirrorStore {
    if (!store) throw new Error('A snapshot is written through a store');
    return store;
  }

  /**
   * A first sync's rows go to memory line by line and to IndexedDB in flushes: each flush stages
   * the rows applied since the last one as one record of `stagedRows`, with the comments and the
   * pieces whole by then; the last flush (with the cursor) merges everything into the buckets, whole,
   * from memory. Rewriting the touched buckets at every flush, as before, copied every row saved so
   * far at each flush (the ids hash into all 256 buckets); staging copies each row once, and the
   * merge once more. Memory is the source of the merge because the first sync started from an empty
   * mirror, or one it loaded whole to resume, under the sync lock; a write another writer slipped in
   * meanwhile is newer than the pieces and comes back with the feed pull that follows.
   */
  function snapshotWrite(indexCursor: string, kept: readonly PieceName[], dropped: string[]): SnapshotWrite {
    const memory = requireStore();
    memory.beginBulk();
    let pending: CompactRestroom[] = [];
    let comments: Comment[] = [];
    const stored = [...kept];
    let saved = 0;
    let closed = false;
    return {
      dropped,
      addRestrooms(rows) {
        memory.put(rows);
        for (const row of rows) pending.push(row);
      },
      addComments(more) {
        comments.push(...more);
      },
      pieceDone(piece) {
        stored.push(piece);
      },
      get unflushed() {
        return pending.length;
      },
      get saved() {
        return saved;
      },
      async flush(cursor) {
        const rows = pending;
        const pendingComments = comments;
        // Only pieces whose every row is in memory now are whole in this write.
        const whole = [...stored];
        pending = [];
        comments = [];
        const buckets = await db.transaction('rw', mirrorTables(db), async () => {
          await db.comments.bulkPut(pendingComments);
          if (cursor === undefined) {
            if (rows.length > 0) {
              await db.stagedRows.add({ rows });
              // No bucket changed, but the mirror's rows did: a column index built before is stale.
              await bucketsChanged();
            }
            await metaSet(db, 'firstSyncPieces', { cursor: indexCursor, stored: whole });
            return [] as readonly number[];
          }
          await writeBucketsFromMemory(memory, ALL_BUCKETS);
          await metaSet(db, 'syncCursor', cursor);
          await db.meta.delete('firstSyncPieces');
          return ALL_BUCKETS;
        });
        saved += rows.length;
        channel?.post(buckets);
      },
      close() {
        if (closed) return;
        closed = true;
        memory.endBulk();
      },
    };
  }
}
