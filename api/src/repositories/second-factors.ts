import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A person's second factor as stored: on once `enabledAtMs` is set. */
export interface StoredSecondFactor {
  secret: string;
  enabledAtMs: number | null;
  lastStep: number | null;
}

/** Whether a stored factor counts: it exists and its first code confirmed it. */
export function secondFactorIsOn(factor: StoredSecondFactor | undefined): factor is StoredSecondFactor & { enabledAtMs: number } {
  return factor !== undefined && factor.enabledAtMs !== null;
}

export async function findSecondFactor(db: Db, userId: string): Promise<StoredSecondFactor | undefined> {
  const row = await db
    .selectFrom('second_factors')
    .select(['secret', 'enabled_at', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { secret: row.secret, enabledAtMs: row.enabled_at, lastStep: row.last_step };
}

/** Keeps a new secret awaiting its first code, replacing one that was never confirmed. Never touches one that is on. */
export async function saveUnconfirmedSecondFactor(db: Db, userId: string, secret: string, nowMs: number): Promise<void> {
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: nowMs })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: nowMs }).where('second_factors.enabled_at', 'is', null))
    .execute();
}

/**
 * Takes time step `step` as used, when it is newer than the last one taken: false when it is not
 * (a replay, or the same code sent twice at once), in one statement, so two requests cannot both
 * win. `enable` turns the factor on with it.
 */
export async function takeStep(db: Db, userId: string, step: number, nowMs: number, enable = false): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ last_step: step, ...(enable ? { enabled_at: nowMs } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turns the factor off: the secret and every recovery code go. */
export async function deleteSecondFactor(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
}

/** Replaces a person's recovery codes with new ones (by hash). */
export async function replaceRecoveryCodes(trx: Transaction<Database>, userId: string, hashes: readonly string[], nowMs: number): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(hashes.map((codeHash) => ({ code_hash: codeHash, user_id: userId, created_at: nowMs })))
    .execute();
}

/** Uses up one recovery code: true when it was the person's and unused, and it is gone now. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('recovery_codes').where('code_hash', '=', codeHash).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
