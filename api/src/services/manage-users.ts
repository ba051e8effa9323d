import { lastAdminProblem, type AdminRemoval, type User, type UserDeletion } from '@allstall/shared';
import type { Transaction } from 'kysely';
import { goneOrAlreadyHandled } from './already-handled.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { nextVersion, nextVersions } from '../repositories/feed-versions.js';
import { listLiveCommentIdsBy, softDeleteCommentIn } from '../repositories/comments.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { logDecision } from '../repositories/moderation-log.js';
import { withdrawCountsIn } from '../repositories/restroom-changes.js';
import { deleteSessionsOf } from '../repositories/sessions.js';
import { findAccount, lockLiveAdminIds, markUserDeleted, setUserAdmin } from '../repositories/users.js';
import { deleteThumbsBy } from '../repositories/votes.js';

/** The moderation log's name for what happens to an account. */
const USER_ENTITY = 'user';
const DELETE_ACTION = 'user.delete';

/**
 * Makes or unmakes an admin (PATCH /api/users/:id) inside the caller's transaction, and logs it. The
 * last admin cannot be demoted (409 naming `is_admin`). Asking for the role the person already has
 * changes nothing and logs nothing. A deleted account is 409 'Already handled by NAME.' when the log
 * says who deleted it, otherwise 404.
 */
export async function changeUserRole(
  trx: Transaction<Database>,
  actor: User,
  userId: string,
  isAdmin: boolean,
  nowMs: number,
): Promise<User> {
  // Locked before the target is read, so the check below sees every demotion that committed first.
  const adminIds = await lockLiveAdminIds(trx);
  const before = await liveAccount(trx, userId);
  if (before.is_admin === isAdmin) return before;
  if (!isAdmin) refuseIfLastAdmin(adminIds, before.id, 'demote');
  await setUserAdmin(trx, before.id, isAdmin);
  const after: User = { ...before, is_admin: isAdmin };
  await logDecision(trx, {
    actorId: actor.id,
    action: isAdmin ? 'user.promote' : 'user.demote',
    entity: USER_ENTITY,
    entityId: before.id,
    before,
    after,
    atMs: nowMs,
  });
  return after;
}

/**
 * Deletes an account (DELETE /api/users/:id) inside the caller's transaction: it is marked deleted,
 * every session it has ends (the person is signed out at once), its thumbs leave the restrooms'
 * counts and its comments are deleted, each change with a fresh version so every device follows.
 * Restrooms the person added stay. The last admin cannot be deleted (409); an admin may delete
 * themselves while another admin remains.
 */
export async function deleteUser(trx: Transaction<Database>, actor: User, userId: string, nowMs: number): Promise<UserDeletion> {
  // The version counter is taken before any row, the order every versioned write locks in
  // (feed-versions.ts); holding it also keeps a thumb or comment of this person from arriving
  // between the reads below and the deletion. This first version stamps nothing.
  await nextVersion(trx);
  const adminIds = await lockLiveAdminIds(trx);
  const user = await liveAccount(trx, userId);
  refuseIfLastAdmin(adminIds, user.id, 'delete');

  await markUserDeleted(trx, user.id, nowMs);
  const sessionsEnded = await deleteSessionsOf(trx, user.id);

  const thumbs = await deleteThumbsBy(trx, user.id);
  const versions = await nextVersions(trx, thumbs.length);
  for (const [index, { restroomId, thumb }] of thumbs.entries()) {
    const withdrawn = { upvotes: thumb === 1 ? 1 : 0, downvotes: thumb === -1 ? 1 : 0 };
    await withdrawCountsIn(trx, restroomId, withdrawn, versions[index] ?? 0);
  }

  const commentIds = await listLiveCommentIdsBy(trx, user.id);
  for (const commentId of commentIds) await softDeleteCommentIn(trx, commentId, nowMs);

  const deletion: UserDeletion = {
    id: user.id,
    username: user.username,
    deleted_at: isoFromEpochMs(nowMs),
    sessions_ended: sessionsEnded,
    votes_removed: thumbs.length,
    comments_removed: commentIds.length,
  };
  await logDecision(trx, {
    actorId: actor.id,
    action: DELETE_ACTION,
    entity: USER_ENTITY,
    entityId: user.id,
    // Enough to explain the deletion, or to put the thumbs and comments back by hand.
    before: { ...user, votes: thumbs.map(({ restroomId, thumb }) => ({ restroom_id: restroomId, vote: thumb })), comment_ids: commentIds },
    after: deletion,
    atMs: nowMs,
  });
  return deletion;
}

/** The live account `userId` names; a deleted one is 409 naming who deleted it, or 404. */
async function liveAccount(trx: Transaction<Database>, userId: string): Promise<User> {
  const id = userId.toLowerCase();
  const account = await findAccount(trx, id);
  const notFound = new HttpError(404, 'user.notFound', { field: 'id' });
  if (account === undefined) throw notFound;
  if (account.deletedAtMs !== null) {
    throw await goneOrAlreadyHandled(trx, { entity: USER_ENTITY, id, actions: [DELETE_ACTION] }, notFound);
  }
  return account.user;
}

function refuseIfLastAdmin(adminIds: readonly string[], userId: string, removal: AdminRemoval): void {
  const problem = lastAdminProblem(adminIds.map((id) => ({ id, is_admin: true })), userId, removal);
  if (problem !== null) throw HttpError.fromProblem(409, problem);
}
