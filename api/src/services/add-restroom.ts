import { commentText, splitAddress, type NewRestroomBody, type NewRestroomReceipt, type User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.js';
import { timeZoneAt } from '../geo/time-zone.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { insertCommentIn } from '../repositories/comments.js';
import { flagFromAmenity } from '../repositories/convert.js';
import { insertRestroomIn } from '../repositories/restroom-changes.js';
import { findRestroom } from '../repositories/restrooms.js';

/**
 * 'Submit bathroom' (POST /api/bathrooms) inside the caller's transaction: the restroom under
 * `restroomId` with its address split into street, city and state, its hours, and a non-blank
 * comment as the person's first comment on it. A person's restroom waits for review (`pending`); an
 * admin's is approved at once and, with its comment, takes change-feed versions so every device's
 * next pull brings it. The body has passed `newRestroomProblem`.
 */
export async function addRestroom(
  trx: Transaction<Database>,
  user: User,
  body: NewRestroomBody,
  restroomId: string,
  nowMs: number,
  /** The region's state, for an address that names none. */
  fallbackState: string,
): Promise<NewRestroomReceipt> {
  const added = body.bathroomToAdd;
  const comment = commentText(added.comment);
  // A pending restroom and its comment keep version 0, below every cursor, so the feed never
  // mentions them, not even as departed. Approval stamps both (applyRestroomChanges re-versions comments).
  const versions = user.is_admin ? await nextVersions(trx, comment === null ? 1 : 2) : [];
  const [restroomVersion = 0, commentVersion = restroomVersion] = versions;

  const { street, city, state } = splitAddress(added.formatted_address, fallbackState);
  await insertRestroomIn(
    trx,
    {
      id: restroomId,
      name: added.name.trim(),
      street,
      city,
      state,
      latitude: added.latitude,
      longitude: added.longitude,
      time_zone: timeZoneAt(added.latitude, added.longitude),
      unisex: flagFromAmenity(added.unisex),
      accessible: flagFromAmenity(added.accessible),
      changing_table: flagFromAmenity(added.changing_table),
      is_single_stall: flagFromAmenity(added.single_stall),
      menstrual_products: flagFromAmenity(added.menstrual_products ?? null),
      // `is_public` is how apps from before access said it: true is public, false never meant "not".
      access: added.access !== undefined ? added.access : added.is_public === true ? 'public' : null,
      // A write queued by an app from before fee existed says nothing about it: unknown.
      fee: added.fee ?? null,
      is_removed: 0,
      status: user.is_admin ? 'approved' : 'pending',
      place_id: added.placeID ?? null,
      source: 'user',
      source_id: null,
      directions: null,
      admin_comment: commentText(added.commentForAdmin),
      added_by: user.id,
      last_confirmed_at: null,
      created_at: nowMs,
      updated_at: nowMs,
      version: restroomVersion,
    },
    body.bathroomHours ?? [],
  );
  if (comment !== null) {
    await insertCommentIn(trx, { id: uuidv7(), restroomId, userId: user.id, content: comment, insertedAtMs: nowMs }, commentVersion);
  }

  const restroom = await findRestroom(trx, restroomId);
  if (restroom === undefined) throw new Error(`restroom ${restroomId} vanished inside its own transaction`);
  return { restroom };
}
