import {
  commentText,
  restroomDecisionKind,
  restroomIsPublic,
  type AdminRestroom,
  type RestroomDecisionBody,
  type RestroomDecisionResult,
  type User,
} from '@allstall/shared';
import type { Transaction } from 'kysely';
import { decidedAlready, goneOrAlreadyHandled } from './already-handled.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { editRestroomIn, findAdminRestroom, type AdminRestroomChanges } from '../repositories/admin-restrooms.js';
import { nextVersion } from '../repositories/feed-versions.js';
import { listOpenFlagIds } from '../repositories/flags.js';
import { findDecider, logDecision } from '../repositories/moderation-log.js';
import { deleteRestroomIn, reversionComments } from '../repositories/restroom-changes.js';

/** The log's actions that settle a restroom's review. */
const VERDICT_ACTIONS = ['restroom.approve', 'restroom.reject'] as const;

/**
 * Takes the change feed's next version before anything is read. Reserving it locks the counter
 * until commit (feed-versions.ts), so a second admin deciding the same item waits here and then reads
 * what the first one wrote, rather than deciding on a stale copy; it is also the lock order every
 * versioned write keeps (counter, then rows).
 */
export async function lockForDecision(trx: Transaction<Database>): Promise<number> {
  return nextVersion(trx);
}

/** The restroom a decision is about: 404, or 409 naming the admin who deleted it. */
export async function restroomToDecide(trx: Transaction<Database>, id: string, field = 'id'): Promise<AdminRestroom> {
  const restroom = await findAdminRestroom(trx, id);
  if (restroom !== undefined) return restroom;
  throw await goneOrAlreadyHandled(trx, { entity: 'restroom', id, actions: ['restroom.delete'] }, new HttpError(404, 'restroom.notFound', { field }));
}

/**
 * Applies `changes` to `before` at `version`; when the restroom enters or leaves the public view its
 * comments travel again too. Returns the restroom as it now stands.
 */
export async function applyRestroomChanges(
  trx: Transaction<Database>,
  before: AdminRestroom,
  changes: AdminRestroomChanges,
  nowMs: number,
  version: number,
): Promise<AdminRestroom> {
  await editRestroomIn(trx, before.id, changes, nowMs, version);
  const after = await findAdminRestroom(trx, before.id);
  if (after === undefined) throw new Error(`restroom ${before.id} vanished inside its own transaction`);
  if (restroomIsPublic(before) !== restroomIsPublic(after)) await reversionComments(trx, before.id);
  return after;
}

/**
 * PATCH /api/bathrooms/:id inside the write's transaction: edits, a verdict on a pending restroom
 * (409 naming the admin who gave one already) and removal from display or showing again, logged as
 * one decision. Every decision moves the restroom in the change feed: an approved one appears on
 * devices, a rejected or removed one is listed under `deleted`, an edit shows.
 */
export async function decideRestroom(
  trx: Transaction<Database>,
  admin: User,
  id: string,
  body: RestroomDecisionBody,
  nowMs: number,
): Promise<RestroomDecisionResult> {
  const version = await lockForDecision(trx);
  const before = await restroomToDecide(trx, id);
  if (body.status !== undefined && before.status !== 'pending') {
    const decider = await findDecider(trx, 'restroom', id, VERDICT_ACTIONS);
    throw decidedAlready(decider, 'status', { code: 'moderation.restroomDecided', params: { status: before.status } });
  }
  const after = await applyRestroomChanges(trx, before, restroomChangesOf(body), nowMs, version);
  await logDecision(trx, { actorId: admin.id, action: `restroom.${restroomDecisionKind(body)}`, entity: 'restroom', entityId: id, before, after, atMs: nowMs });
  return { version: String(version), restroom: after };
}

/** DELETE /api/bathrooms/:id inside the write's transaction: gone for good, from every device too. */
export async function deleteRestroomForGood(trx: Transaction<Database>, admin: User, id: string, nowMs: number): Promise<void> {
  await lockForDecision(trx);
  const before = await restroomToDecide(trx, id);
  // Its flags go with it; the log keeps who took them away, so a late decision on one hears who.
  const openFlagIds = await listOpenFlagIds(trx, id);
  await deleteRestroomIn(trx, id, nowMs);
  await logDecision(trx, { actorId: admin.id, action: 'restroom.delete', entity: 'restroom', entityId: id, before, after: null, atMs: nowMs });
  for (const flagId of openFlagIds) {
    await logDecision(trx, {
      actorId: admin.id,
      action: 'flag.delete',
      entity: 'flag',
      entityId: flagId,
      before: { id: flagId, restroom_id: id, status: 'open' },
      after: null,
      atMs: nowMs,
    });
  }
}

/** The body as changes: text trimmed, and a blank note for admins stored as none. */
function restroomChangesOf({ name, street, city, state, admin_comment, ...rest }: RestroomDecisionBody): AdminRestroomChanges {
  const changes: AdminRestroomChanges = { ...rest };
  if (name !== undefined) changes.name = name.trim();
  if (street !== undefined) changes.street = street.trim();
  if (city !== undefined) changes.city = city.trim();
  if (state !== undefined) changes.state = state.trim();
  if (admin_comment !== undefined) changes.admin_comment = commentText(admin_comment ?? undefined);
  return changes;
}
