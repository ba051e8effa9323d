import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { raiseMetaFloor } from './feed-versions.js';

/** A recorded write: who spent the key, on what, and the answer they got. */
export interface AppliedWrite {
  userId: string | null;
  request: string;
  statusCode: number;
  /** The answer's body as JSON text. */
  response: string;
}

/** What claiming a key needs. */
export interface WriteClaim {
  key: string;
  userId: string;
  request: string;
  nowMs: number;
}

/**
 * Takes an idempotency key for the write running in `trx`; false when the key is already taken.
 * The row goes in before the write runs, with no answer yet, so a second request with the same key
 * waits on it (PostgreSQL blocks on the uncommitted key; SQLite runs one transaction at a time) and
 * then sees the first one's answer, instead of racing it through the write. The answer is filled in
 * by `recordAnswer` before the transaction commits, so nobody else ever reads the empty row.
 */
export async function claimKey(trx: Transaction<Database>, claim: WriteClaim): Promise<boolean> {
  const claimed = await trx
    .insertInto('applied_writes')
    .values({
      idempotency_key: claim.key,
      user_id: claim.userId,
      request: claim.request,
      status_code: 0,
      response: '',
      created_at: claim.nowMs,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Stores the answer of the write that claimed `key`, in that write's transaction, with the minimal
 * answer that replaces it after the answer window (null when the answer is already that small).
 */
export async function recordAnswer(
  trx: Transaction<Database>,
  key: string,
  statusCode: number,
  responseJson: string,
  summaryJson: string | null,
): Promise<void> {
  await trx
    .updateTable('applied_writes')
    .set({ status_code: statusCode, response: responseJson, summary: summaryJson })
    .where('idempotency_key', '=', key)
    .execute();
}

/** The write recorded under `key`, if any. */
export async function findAppliedWrite(db: Kysely<Database>, key: string): Promise<AppliedWrite | undefined> {
  const row = await db
    .selectFrom('applied_writes')
    .select(['user_id', 'request', 'status_code', 'response'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && { userId: row.user_id, request: row.request, statusCode: row.status_code, response: row.response };
}

/**
 * Replaces the whole stored answer with its minimal one for up to `limit` writes made before
 * `beforeMs`, in one short transaction; how many it shrank (0: none left). Idempotent: a shrunk row
 * has no summary left, so a second sweeper (or a second pass) finds nothing to do with it.
 */
export async function dropOldAnswers(db: Kysely<Database>, beforeMs: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const keys = await trx
      .selectFrom('applied_writes')
      .select('idempotency_key')
      .where('created_at', '<', beforeMs)
      .where('summary', 'is not', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    if (keys.length === 0) return 0;
    const result = await trx
      .updateTable('applied_writes')
      .set((eb) => ({ response: eb.ref('summary').$castTo<string>(), summary: null }))
      .where('idempotency_key', 'in', keys.map((row) => row.idempotency_key))
      .where('summary', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * Forgets up to `limit` keys spent before `beforeMs`, in one short transaction, and raises
 * `write_key_floor` to the newest of them in that same transaction: from the moment a key is gone,
 * a write under a key that old is refused rather than applied a second time. How many it deleted.
 */
export async function pruneOldKeys(db: Kysely<Database>, beforeMs: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('applied_writes')
      .select(['idempotency_key', 'created_at'])
      .where('created_at', '<', beforeMs)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    if (rows.length === 0) return 0;
    const newest = Math.max(...rows.map((row) => Number(row.created_at)));
    await raiseMetaFloor(trx, 'write_key_floor', newest);
    const result = await trx
      .deleteFrom('applied_writes')
      .where('idempotency_key', 'in', rows.map((row) => row.idempotency_key))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
