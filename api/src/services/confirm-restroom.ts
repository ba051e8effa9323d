import { zonedDateText, type ConfirmationBody, type ConfirmationResult, type User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { findVisibleRestroomClock, insertConfirmationOnce, markRestroomConfirmed } from '../repositories/confirmations.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { findVisibleRestroom } from '../repositories/restrooms.js';

/**
 * 'Still there' (POST /api/confirmations) inside the write's transaction
 * (docs/product-rules.md#fresh-or-stale): the person confirms the restroom is there and as
 * described. It counts once per person, restroom and calendar day on the restroom's clocks (the
 * region's when it has no zone): a counted one sets `last_confirmed_at` and gives the restroom a new
 * feed version so every device hears of it; a repeat that day changes nothing and answers
 * `counted: false` with the restroom as it is. 404 for a restroom the public cannot see.
 */
export async function confirmRestroom(
  trx: Transaction<Database>,
  user: User,
  { restroom_id }: ConfirmationBody,
  confirmationId: string,
  nowMs: number,
  regionTimeZone: string,
): Promise<ConfirmationResult> {
  const clock = await findVisibleRestroomClock(trx, restroom_id);
  if (clock === undefined) throw new HttpError(404, 'restroom.notFound', { field: 'restroom_id' });
  const day = zonedDateText(nowMs, clock.time_zone ?? regionTimeZone);
  const counted = await insertConfirmationOnce(trx, { id: confirmationId, userId: user.id, restroomId: restroom_id, day, createdAtMs: nowMs });
  let version = clock.version;
  if (counted) {
    [version = 0] = await nextVersions(trx, 1);
    if (!(await markRestroomConfirmed(trx, restroom_id, nowMs, version))) throw new HttpError(404, 'restroom.notFound', { field: 'restroom_id' });
  }
  const restroom = await findVisibleRestroom(trx, restroom_id);
  if (restroom === undefined) throw new Error(`restroom ${restroom_id} vanished inside its own transaction`);
  return { version: String(version), restroom, counted };
}
