import type { FlagBody, FlagReceipt, User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { isForeignKeyViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { insertFlag, type NewFlag } from '../repositories/flags.js';
import { findVisibleRestroom } from '../repositories/restrooms.js';

/**
 * 'Something not look right?' (POST /api/flags) inside the write's transaction: the person's
 * proposal, text trimmed, stored as an open flag under `flagId` beside the restroom as it stands now,
 * for the admins' 'Flagged Bathrooms' review. Nothing public changes until an admin approves it.
 * 404 for a restroom the public cannot see.
 */
export async function flagRestroom(
  trx: Transaction<Database>,
  user: User,
  { restroom_id, other, ...proposed }: FlagBody,
  flagId: string,
  nowMs: number,
): Promise<FlagReceipt> {
  const original = await findVisibleRestroom(trx, restroom_id);
  if (original === undefined) throw new HttpError(404, 'restroom.notFound', { field: 'restroom_id' });
  await insertFlagUnlessRestroomVanished(trx, {
    id: flagId,
    restroomId: restroom_id,
    userId: user.id,
    proposed: {
      ...proposed,
      // A flag without an access or fee (one queued before they existed) keeps the restroom's own.
      access: proposed.access === undefined ? original.access : proposed.access,
      fee: proposed.fee === undefined ? original.fee : proposed.fee,
      name: proposed.name.trim(),
      street: proposed.street.trim(),
      city: proposed.city.trim(),
      state: proposed.state.trim(),
    },
    other: other.trim(),
    original,
    createdAtMs: nowMs,
  });
  return { id: flagId, restroom_id, status: 'open', created_at: isoFromEpochMs(nowMs) };
}

/** An admin may delete the restroom between our read and this insert; that is a 404, not a 500. */
async function insertFlagUnlessRestroomVanished(trx: Transaction<Database>, flag: NewFlag): Promise<void> {
  try {
    await insertFlag(trx, flag);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError(404, 'restroom.notFound', { field: 'restroom_id' });
    throw error;
  }
}
