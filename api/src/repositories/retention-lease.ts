import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * The retention sweep's claim (docs/operations.md#retention): `meta.retention_lease` holds when the
 * running sweep's claim runs out, 0 when nobody holds it. Taking and renewing it are one conditional
 * UPDATE each, which both SQLite (one writer) and PostgreSQL (a row lock) let only one instance win,
 * so two servers on one database, or two processes on one file, never sweep at once. A sweeper that
 * dies leaves a lease that simply runs out.
 */

/** Takes the lease until `untilMs` when nobody holds a live one at `nowMs`; the held lease's token (its expiry), or null. */
export async function takeRetentionLease(db: Kysely<Database>, nowMs: number, untilMs: number): Promise<number | null> {
  return moveLease(db, '<', nowMs, untilMs);
}

/** Moves this sweeper's lease on to `untilMs`; the new token, or null when the lease is no longer its own (it ran out and was taken). */
export async function renewRetentionLease(db: Kysely<Database>, token: number, untilMs: number): Promise<number | null> {
  if (untilMs === token) return token;
  return moveLease(db, '=', token, untilMs);
}

/** Sets the lease to `untilMs` when its value stands `op` `than`: the one conditional UPDATE only one instance wins. */
async function moveLease(db: Kysely<Database>, op: '<' | '=', than: number, untilMs: number): Promise<number | null> {
  const result = await db.updateTable('meta').set({ value: untilMs }).where('key', '=', 'retention_lease').where('value', op, than).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? untilMs : null;
}

/** Gives the lease back, if it is still this sweeper's, so the next sweep anywhere need not wait for it to run out. */
export async function releaseRetentionLease(db: Kysely<Database>, token: number): Promise<void> {
  await db.updateTable('meta').set({ value: 0 }).where('key', '=', 'retention_lease').where('value', '=', token).execute();
}
