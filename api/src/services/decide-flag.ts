import {
  flagDecisionChanges,
  flagDecisionProblem,
  type FlagChanges,
  type FlagDecisionBody,
  type FlagDecisionResult,
  type User,
} from '@allstall/shared';
import type { Transaction } from 'kysely';
import { decidedAlready, goneOrAlreadyHandled } from './already-handled.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import type { AdminRestroomChanges } from '../repositories/admin-restrooms.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { findFlagForDecision, resolveFlagIn } from '../repositories/flags.js';
import { findDecider, logDecision } from '../repositories/moderation-log.js';
import { applyRestroomChanges, lockForDecision, restroomToDecide } from './moderate-restrooms.js';

/** The log's actions that settle a flag (a deletion comes with its restroom's). */
const FLAG_DECISIONS = ['flag.approve', 'flag.reject', 'flag.delete'] as const;

/**
 * PATCH /api/flags/:id inside the write's transaction. 'Approve' applies what the proposal changes
 * (the admin's `edits` over it; a closure removes the restroom from display) through the change
 * feed; 'Reject suggestions' only closes the flag. A flag already resolved is a 409 naming who did it.
 */
export async function decideFlag(
  trx: Transaction<Database>,
  admin: User,
  id: string,
  body: FlagDecisionBody,
  nowMs: number,
): Promise<FlagDecisionResult> {
  if (body.status === 'rejected' && body.edits !== undefined) {
    throw new HttpError(400, 'moderation.editsOnlyWhenApproving', { field: 'edits' });
  }
  const version = await lockForDecision(trx);
  const flag = await findFlagForDecision(trx, id);
  if (flag === undefined) {
    throw await goneOrAlreadyHandled(trx, { entity: 'flag', id, actions: FLAG_DECISIONS }, new HttpError(404, 'flag.notFound', { field: 'id' }));
  }
  if (flag.review.status !== 'open') {
    const decider = flag.resolvedBy ?? (await findDecider(trx, 'flag', id, FLAG_DECISIONS));
    throw decidedAlready(decider, 'status', { code: 'moderation.flagDecided', params: { status: flag.review.status } });
  }

  const changes = body.status === 'approved' ? flagDecisionChanges(flag.review.proposed, flag.review.original, body.edits) : {};
  const problem = flagDecisionProblem(changes);
  if (problem !== null) throw HttpError.fromProblem(400, problem);

  const before = await restroomToDecide(trx, flag.review.restroom_id, 'id');
  const restroomChanges = restroomChangesOfFlag(changes);
  const moved = Object.keys(restroomChanges).length > 0;
  const after = moved ? await applyRestroomChanges(trx, before, restroomChanges, nowMs, version) : before;
  await resolveFlagIn(trx, id, { status: body.status, adminId: admin.id, atMs: nowMs });

  const resolved = { id, status: body.status, resolved_by: admin.username, resolved_at: isoFromEpochMs(nowMs) };
  await logDecision(trx, {
    actorId: admin.id,
    action: body.status === 'approved' ? 'flag.approve' : 'flag.reject',
    entity: 'flag',
    entityId: id,
    before: { flag: flag.review, restroom: before },
    after: { flag: resolved, changes, restroom: after },
    atMs: nowMs,
  });
  return { flag: resolved, version: moved ? String(version) : null, restroom: after };
}

/** A flag's changes in the restroom's terms: 'Permanently closed' is removal from display. */
function restroomChangesOfFlag({ is_closed, ...listing }: FlagChanges): AdminRestroomChanges {
  return is_closed === undefined ? listing : { ...listing, is_removed: is_closed };
}
