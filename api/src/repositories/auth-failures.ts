import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One counter: failures of one kind (e.g. 'login:ip') for one key (an address or a username). */
export interface FailureCounter {
  scope: string;
  key: string;
}

/** How many failures `counter` has since `sinceMs`, and when the oldest of them happened. */
export async function countFailuresSince(
  db: Kysely<Database>,
  counter: FailureCounter,
  sinceMs: number,
): Promise<{ count: number; oldestAtMs: number | null }> {
  const row = await db
    .selectFrom('auth_failures')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('scope', '=', counter.scope)
    .where('key', '=', counter.key)
    .where('failed_at', '>', sinceMs)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count() and bigint columns as strings.
  return { count: Number(row.count), oldestAtMs: row.oldest === null ? null : Number(row.oldest) };
}

/** Records one failure against each counter. */
export async function recordFailures(db: Kysely<Database>, counters: readonly FailureCounter[], atMs: number): Promise<void> {
  if (counters.length === 0) return;
  await db
    .insertInto('auth_failures')
    .values(counters.map((counter) => ({ scope: counter.scope, key: counter.key, failed_at: atMs })))
    .execute();
}

/** Forgets a counter's failures, as after a successful login. */
export async function clearFailures(db: Kysely<Database>, counter: FailureCounter): Promise<void> {
  await db.deleteFrom('auth_failures').where('scope', '=', counter.scope).where('key', '=', counter.key).execute();
}


/** Deletes up to `limit` failures older than `beforeMs`, which no window looks at any more; how many. */
export async function deleteFailuresBeforeBatch(db: Kysely<Database>, beforeMs: number, limit: number): Promise<number> {
  const old = await db.selectFrom('auth_failures').select(['scope', 'key', 'failed_at']).where('failed_at', '<=', beforeMs).orderBy('failed_at').limit(limit).execute();
  const newest = old.at(-1)?.failed_at;
  if (newest === undefined) return 0;
  // The oldest first, so "at or before the newest of the batch" is the batch (give or take ties, which are as old).
  const result = await db.deleteFrom('auth_failures').where('failed_at', '<=', Math.min(Number(newest), beforeMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
