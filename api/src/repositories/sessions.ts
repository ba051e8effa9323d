import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** A stored session: its JSON body and when it stops counting. */
export interface StoredSession {
  data: string;
  expiresAtMs: number;
}

/** The session's JSON, or undefined when it does not exist or has expired. */
export async function findSession(db: Kysely<Database>, id: string, nowMs: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('data')
    .where('id', '=', id)
    .where('expires_at', '>', nowMs)
    .executeTakeFirst();
  return row?.data;
}

/** Inserts or replaces a session. */
export async function saveSession(db: Kysely<Database>, id: string, session: StoredSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id, data: session.data, expires_at: session.expiresAtMs })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data: session.data, expires_at: session.expiresAtMs }))
    .execute();
}

/** Removes a session; removing one that is gone already is fine. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}


/**
 * Ends every session of one person, so they are signed out on all their devices at once. A session
 * keeps its owner inside its JSON (`"userId":"..."`, as JSON.stringify writes it), and a UUID holds
 * no LIKE wildcard, so one pattern finds them on both databases. Returns how many ended.
 */
export async function deleteSessionsOf(trx: Transaction<Database>, userId: string): Promise<number> {
  const result = await trx.deleteFrom('sessions').where('data', 'like', `%"userId":${JSON.stringify(userId)}%`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` sessions expired by `nowMs` in one statement (one short transaction); how many. */
export async function deleteExpiredSessionsBatch(db: Kysely<Database>, nowMs: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', nowMs).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
