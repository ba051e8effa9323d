import type { HoursRange } from '@allstall/shared';
import type { Insertable, Transaction } from 'kysely';
import type { Database, RestroomsTable } from '../db/schema.js';
import { timeZoneAt } from '../geo/time-zone.js';
import { nextVersions, writeTombstones } from './feed-versions.js';
import { restroomIsVisible } from './restrooms.js';

/**
 * The feed only shows comments of visible restrooms, so when a restroom is hidden or shown again
 * its comments must travel once more (as deletions, or as rows) even though their text is unchanged.
 */
export async function reversionComments(trx: Transaction<Database>, restroomId: string): Promise<void> {
  const comments = await trx
    .selectFrom('comments')
    .select('id')
    .where('restroom_id', '=', restroomId)
    .orderBy('version')
    .execute();
  const versions = await nextVersions(trx, comments.length);
  for (const [index, comment] of comments.entries()) {
    await trx.updateTable('comments').set({ version: versions[index] ?? 0 }).where('id', '=', comment.id).execute();
  }
}

/**
 * Deletes a restroom for good inside the caller's transaction (an admin's decision, logged with it):
 * its hours, comments and votes go with it through the foreign keys, and tombstones for it and its
 * comments tell devices to drop them. Returns false when there is no such restroom.
 */
export async function deleteRestroomIn(trx: Transaction<Database>, id: string, nowMs: number): Promise<boolean> {
  const exists = await trx.selectFrom('restrooms').select('id').where('id', '=', id).executeTakeFirst();
  if (exists === undefined) return false;
  // The version counter before any row, the order every versioned write locks in (feedback
  // included); the other order deadlocks against a thumb on this restroom on PostgreSQL. Holding
  // the counter also keeps a comment from arriving between the list below and the delete.
  await writeTombstones(trx, 'restroom', [id], nowMs);
  const comments = await trx.selectFrom('comments').select('id').where('restroom_id', '=', id).execute();
  await writeTombstones(trx, 'comment', comments.map((comment) => comment.id), nowMs);
  await trx.deleteFrom('restrooms').where('id', '=', id).execute();
  return true;
}

/** How feedback moves a restroom's thumb counts. */
export interface CountChange {
  upvotes: number;
  downvotes: number;
}

/**
 * Applies feedback to a publicly visible restroom: moves its counts by `change`, marks it confirmed
 * at `nowMs` and stamps `version`. The counts move by a difference rather than being recounted from
 * `votes`, because imported and demo listings carry counts that have no vote rows behind them.
 * `updated_at` stays: it tells when the listing itself was edited. Returns false when there is no
 * such visible restroom.
 */
export async function applyFeedbackToRestroom(
  trx: Transaction<Database>,
  id: string,
  change: CountChange,
  nowMs: number,
  version: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('restrooms')
    .set((eb) => ({
      upvotes: eb('upvotes', '+', change.upvotes),
      downvotes: eb('downvotes', '+', change.downvotes),
      last_confirmed_at: nowMs,
      version,
    }))
    .where('id', '=', id)
    .where(restroomIsVisible)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Adds a restroom and its opening ranges inside the caller's transaction. */
export async function insertRestroomIn(
  trx: Transaction<Database>,
  restroom: Insertable<RestroomsTable>,
  hours: readonly HoursRange[],
): Promise<void> {
  await trx.insertInto('restrooms').values(restroom).execute();
  await insertHoursIn(trx, restroom.id, hours);
}

async function insertHoursIn(trx: Transaction<Database>, restroomId: string, hours: readonly HoursRange[]): Promise<void> {
  if (hours.length === 0) return;
  await trx
    .insertInto('opening_hours')
    .values(hours.map(({ day, open, close }) => ({ restroom_id: restroomId, day, open, close })))
    .execute();
}

/**
 * Replaces a restroom's weekly hours (null: unknown) and stamps `version`, inside the caller's
 * transaction. Returns false when there is no such restroom.
 */
export async function replaceHoursIn(
  trx: Transaction<Database>,
  id: string,
  hours: readonly HoursRange[] | null,
  nowMs: number,
  version: number,
): Promise<boolean> {
  const result = await trx.updateTable('restrooms').set({ updated_at: nowMs, version }).where('id', '=', id).executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await trx.deleteFrom('opening_hours').where('restroom_id', '=', id).execute();
  await insertHoursIn(trx, id, hours ?? []);
  return true;
}

/** A position found for a restroom that had none, and the OpenStreetMap place it was found as. */
export interface FoundPosition {
  latitude: number;
  longitude: number;
  placeId: string;
}

/**
 * Gives a restroom that still has no position the one found for it, and the place id when it has
 * none yet, stamping `version`. Returns false when the restroom is gone or has been given a
 * position meanwhile (an admin's own edit wins over a geocoder's guess).
 */
export async function placeRestroomIn(
  trx: Transaction<Database>,
  id: string,
  found: FoundPosition,
  nowMs: number,
  version: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('restrooms')
    .set((eb) => ({
      latitude: found.latitude,
      longitude: found.longitude,
      time_zone: timeZoneAt(found.latitude, found.longitude),
      place_id: eb.fn.coalesce('place_id', eb.val(found.placeId)),
      updated_at: nowMs,
      version,
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('latitude', 'is', null), eb('longitude', 'is', null)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes a departing person's thumbs out of a restroom's counts and stamps `version`, so devices
 * show the new counts. Never below zero: imported counts have no vote rows behind them, and a
 * count some import lowered must not go negative.
 */
export async function withdrawCountsIn(
  trx: Transaction<Database>,
  id: string,
  withdrawn: CountChange,
  version: number,
): Promise<void> {
  await trx
    .updateTable('restrooms')
    .set((eb) => ({
      upvotes: eb.case().when('upvotes', '>', withdrawn.upvotes).then(eb('upvotes', '-', withdrawn.upvotes)).else(0).end(),
      downvotes: eb.case().when('downvotes', '>', withdrawn.downvotes).then(eb('downvotes', '-', withdrawn.downvotes)).else(0).end(),
      version,
    }))
    .where('id', '=', id)
    .execute();
}
