import Dexie, { type EntityTable } from 'dexie';
import type { PieceProgress } from '../sync/snapshot-lines';
import type { ClientConfig, Comment, Restroom, User } from '@allstall/shared';
import { moveRestroomsIntoBuckets, upgradeToFormat3, upgradeToFormat4 } from './db-upgrades';
import type { OutboxRow } from '../outbox/outbox-types';
import type { RestroomBucket, StagedRows } from '../sync/buckets';
import type { StoredColumnsRecord } from '../sync/stored-columns';

/** Everything the device remembers between visits that is not a restroom or a comment. */
export interface MetaValues {
  /** Position in the server's change feed; absent until the first page lands. */
  syncCursor: string;
  /** When a pull last finished, epoch milliseconds. */
  lastSyncedAt: number;
  /** The signed-in person as the server last described them; null once they are known to be signed out. */
  user: User | null;
  clientConfig: ClientConfig;
  /**
   * The thumbs the signed-in person has on the server, as far as this device has seen them accepted,
   * so a queued thumb that replaces one is not counted twice. Votes cast on other devices are unknown.
   */
  myVotes: StandingVotes;
  /**
   * The restrooms the signed-in person added from this device (or, once fetched, from anywhere), as
   * the server last described them: pending ones are in no mirror until an admin approves them.
   */
  myRestrooms: MyRestrooms;
  /**
   * When the server last took each of the signed-in person's 'Still there' confirmations sent from
   * this device (restroom id → epoch ms), so the button gives way to the thanks for the rest of the day.
   */
  myConfirmations: MyConfirmations;
  /**
   * Bumped by every write of the restroom buckets (mirror-writer.ts), in the same transaction: the
   * stored column index says which generation it describes, and is read only while that is current.
   */
  mirrorGeneration: number;
  /**
   * A first sync in pieces that has not ended (docs/offline-data.md#first-sync-in-pieces): the
   * index it follows and the pieces stored, written in the same transaction as their rows, so a cut
   * connection, a closed tab or a reload resumes with the pieces not yet stored. Gone once the
   * cursor is written.
   */
  firstSyncPieces: PieceProgress;
}

interface MyConfirmations {
  userId: string;
  confirmedAt: Record<string, number>;
}

interface MyRestrooms {
  userId: string;
  restrooms: Restroom[];
}

export type Thumb = 'up' | 'down';
interface StandingVotes {
  userId: string;
  votes: Record<string, Thumb>;
}
export type MetaKey = keyof MetaValues;
interface MetaRow<K extends MetaKey = MetaKey> {
  key: K;
  value: MetaValues[K];
}

/**
 * The last loaded copy of one admin list (the approval queue, flags, messages, users...), so an
 * admin can work through it with no signal. Kept only for the admin who loaded it.
 */
interface AdminQueueRow {
  name: string;
  userId: string;
  rows: unknown[];
  fetchedAt: number;
}

export type AllstallDb = Dexie & {
  /** The restroom mirror: compact rows in BUCKET_COUNT records (see lib/sync/buckets.ts). */
  restroomBuckets: EntityTable<RestroomBucket, 'bucket'>;
  /**
   * A first sync's rows, one record per flush, until its end merges them into the buckets once
   * (docs/offline-data.md#first-sync-in-pieces); empty otherwise. Readers of the mirror read both.
   */
  stagedRows: EntityTable<StagedRows, 'seq'>;
  /** The buckets' column index, one record (see lib/sync/stored-columns.ts). */
  restroomIndex: EntityTable<StoredColumnsRecord, 'key'>;
  comments: EntityTable<Comment, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  adminQueues: EntityTable<AdminQueueRow, 'name'>;
};

const DB_NAME = 'allstall';

/** Opens (creating if needed) the device mirror. Tests pass their own name to stay isolated. */
export function createDb(name: string = DB_NAME): AllstallDb {
  const db = new Dexie(name) as AllstallDb;
  db.version(1).stores({
    restrooms: 'id, updated_at',
    comments: 'id, restroom_id, user_id',
    meta: 'key',
    outbox: 'id, status, nextAttemptAt',
  });
  db.version(2).stores({ adminQueues: 'name' });
  // The mirror moves from one record per restroom to buckets of compact rows, in place: an offline
  // device keeps its restrooms, its cursor (still true of the same data), its comments and its outbox.
  // Dexie drops the old table only after the upgrade function has read it.
  db.version(3).stores({ restroomBuckets: 'bucket', restrooms: null }).upgrade(moveRestroomsIntoBuckets);
  // Compact rows go to format 3 (amenities yes, no or unknown; access) and queued writes lose the
  // old `public`, in place, as above: no table changes shape, so no store is redeclared.
  db.version(4).stores({}).upgrade(upgradeToFormat3);
  // The column index joins the buckets as a cache of them: nothing is rewritten, so the mirror, the
  // cursor and every queued write stay as they are; the first start after the upgrade reads the
  // buckets as before and the index is built from them once that start has settled.
  db.version(5).stores({ restroomIndex: 'key' });
  // Compact rows go to format 4 (fee appended, unknown) in place, as version 4 did; the outbox, the
  // cursor and the forms' drafts are not touched, and the column index is rebuilt from the buckets.
  db.version(6).stores({}).upgrade(upgradeToFormat4);
  // A first sync's flushes stage their rows as records of their own, merged into the buckets once at
  // its end: a new, empty table, so nothing is rewritten and every queued write stays as it is. A
  // first sync cut short before this version has its rows in the buckets, where a resume reads them.
  db.version(7).stores({ stagedRows: '++seq' });
  return db;
}

export async function metaGet<K extends MetaKey>(db: AllstallDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export async function metaSet<K extends MetaKey>(db: AllstallDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** What the device keeps of the signed-in person in `meta` besides who they are. */
const PERSONAL_META = ['myVotes', 'myRestrooms', 'myConfirmations'] as const satisfies readonly MetaKey[];

/**
 * The person logged out: who they were, what they did from here and the admin lists they loaded go.
 * Their comments are the mirror writer's to drop, their queued writes the outbox's.
 */
export async function forgetSignedInPerson(db: AllstallDb): Promise<void> {
  await db.transaction('rw', db.meta, db.adminQueues, async () => {
    await metaSet(db, 'user', null);
    await db.meta.bulkDelete([...PERSONAL_META]);
    await db.adminQueues.clear();
  });
}

/**
 * Records who is signed in on this device. Admin lists are dropped as soon as the person is no
 * longer an admin (signed out, another person, demoted): a shared phone must not keep them.
 */
export async function rememberUser(db: AllstallDb, user: User | null): Promise<void> {
  await db.transaction('rw', db.meta, db.adminQueues, async () => {
    await metaSet(db, 'user', user);
    if (!user?.is_admin) await db.adminQueues.clear();
    else await db.adminQueues.filter((row) => row.userId !== user.id).delete();
  });
}
