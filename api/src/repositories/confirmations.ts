import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { restroomIsVisible } from './restrooms.js';

/** One 'Still there' as stored: a person, a restroom and the day on the restroom's clocks. */
export interface NewConfirmation {
  id: string;
  userId: string;
  restroomId: string;
  /** 'YYYY-MM-DD' in the restroom's time zone. */
  day: string;
  createdAtMs: number;
}

/**
 * Records a confirmation unless the person already confirmed this restroom that day; true when it
 * was recorded. The unique key decides, so two devices of one person sending at once count once.
 */
export async function insertConfirmationOnce(trx: Transaction<Database>, confirmation: NewConfirmation): Promise<boolean> {
  const inserted = await trx
    .insertInto('confirmations')
    .values({
      id: confirmation.id,
      user_id: confirmation.userId,
      restroom_id: confirmation.restroomId,
      day: confirmation.day,
      created_at: confirmation.createdAtMs,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'restroom_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Sets a visible restroom's `last_confirmed_at` at a new feed version; false when it is not visible. */
export async function markRestroomConfirmed(trx: Transaction<Database>, id: string, nowMs: number, version: number): Promise<boolean> {
  const result = await trx
    .updateTable('restrooms')
    .set({ last_confirmed_at: nowMs, version })
    .where('id', '=', id)
    .where(restroomIsVisible)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A visible restroom's time zone and feed version; undefined when it does not exist or is hidden. */
export async function findVisibleRestroomClock(
  trx: Transaction<Database>,
  id: string,
): Promise<{ time_zone: string | null; version: number } | undefined> {
  const row = await trx.selectFrom('restrooms').select(['time_zone', 'version']).where('id', '=', id).where(restroomIsVisible).executeTakeFirst();
  return row && { time_zone: row.time_zone, version: Number(row.version) };
}
