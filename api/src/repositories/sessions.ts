import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** A stored session: its JSON body, when it stops counting, and what names it in the person's list. */
export interface StoredSession {
  data: string;
  expiresAtMs: number;
  userId: string | null;
  userAgent: string | null;
  /** Now: the row's creation time when new, and its last use either way. */
  savedAtMs: number;
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

/** Inserts or replaces a session; a replaced one keeps when it was made. */
export async function saveSession(db: Kysely<Database>, id: string, session: StoredSession): Promise<void> {
  const changing = { data: session.data, expires_at: session.expiresAtMs, user_id: session.userId, user_agent: session.userAgent, last_used_at: session.savedAtMs };
  await db
    .insertInto('sessions')
    .values({ id, ...changing, created_at: session.savedAtMs })
    .onConflict((oc) => oc.column('id').doUpdateSet(changing))
    .execute();
}

/** Records that a session was used at `nowMs` (the caller keeps this to once a minute). */
export async function touchSession(db: Kysely<Database>, id: string, nowMs: number): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: nowMs }).where('id', '=', id).execute();
}

/** A person's session as their list of devices shows it. */
export interface SessionOfUser {
  id: string;
  userAgent: string | null;
  createdAtMs: number | null;
  lastUsedAtMs: number | null;
  expiresAtMs: number;
}

/** A person's sessions that have not expired, most recently used first. */
export async function listSessionsOf(db: Kysely<Database>, userId: string, nowMs: number): Promise<SessionOfUser[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowMs)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, userAgent: row.user_agent, createdAtMs: row.created_at, lastUsedAtMs: row.last_used_at, expiresAtMs: row.expires_at }));
}

/** Removes a session; removing one that is gone already is fine. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}


/**
 * Ends every session of one person but `exceptId` (the one asking, when it stays), so they are
 * signed out on those devices at once. Returns how many ended.
 */
export async function deleteSessionsOf(db: Kysely<Database> | Transaction<Database>, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
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
