import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

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

/** Stores the answer of the write that claimed `key`, in that write's transaction. */
export async function recordAnswer(trx: Transaction<Database>, key: string, statusCode: number, responseJson: string): Promise<void> {
  await trx
    .updateTable('applied_writes')
    .set({ status_code: statusCode, response: responseJson })
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
