import { lastAdminProblem, usernameKey, type AccountDeletion, type DeletedCommentsChoice, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import {
  anonymiseMentions,
  deleteCommentRows,
  deleteUserRow,
  ensureDeletedUser,
  giveCommentToNobody,
  listCommentsOf,
  listRestroomsAddedByUser,
  removePrivateRows,
  uncreditRestroom,
} from '../repositories/account-erasure.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { nextVersion, nextVersions, writeTombstones } from '../repositories/feed-versions.js';
import { withdrawCountsIn } from '../repositories/restroom-changes.js';
import { deleteSessionsOf } from '../repositories/sessions.js';
import { lockLiveAdminIds } from '../repositories/users.js';
import { deleteThumbsBy } from '../repositories/votes.js';

/**
 * A person deletes their own account (DELETE /api/user), after the route has checked their
 * password, in one transaction: their sessions, thumbs, 'Still there' taps, suggestions, messages,
 * second factor and stored write answers go; their comments go (each with a tombstone) or stay under
 * the shared "Deleted user" (each with a fresh version); the restrooms they added stay, credited to
 * nobody; the moderation log keeps its entries without them; and then the account row itself. Every
 * change a device shows takes a feed version, so other phones learn of it on their next pull. The
 * last admin cannot (409, as for an admin deleting them).
 */
export async function deleteAccount(db: Kysely<Database>, user: User, comments: DeletedCommentsChoice, nowMs: number): Promise<AccountDeletion> {
  return db.transaction().execute(async (trx) => {
    // The version counter first, the order every versioned write locks in (feed-versions.ts).
    await nextVersion(trx);
    const adminIds = await lockLiveAdminIds(trx);
    const problem = lastAdminProblem(adminIds.map((id) => ({ id, is_admin: true })), user.id, 'delete');
    if (problem !== null) throw new HttpError(409, 'users.lastAdminDelete');

    const sessionsEnded = await deleteSessionsOf(trx, user.id);

    const thumbs = await deleteThumbsBy(trx, user.id);
    const thumbVersions = await nextVersions(trx, thumbs.length);
    for (const [index, { restroomId, thumb }] of thumbs.entries()) {
      const withdrawn = { upvotes: thumb === 1 ? 1 : 0, downvotes: thumb === -1 ? 1 : 0 };
      await withdrawCountsIn(trx, restroomId, withdrawn, thumbVersions[index] ?? 0);
    }

    const written = await listCommentsOf(trx, user.id);
    // A comment already deleted was never public again; it goes either way, with its tombstone.
    const kept = comments === 'keep' ? written.filter((comment) => comment.live) : [];
    const removed = written.filter((comment) => !kept.includes(comment));
    if (kept.length > 0) {
      await ensureDeletedUser(trx);
      const versions = await nextVersions(trx, kept.length);
      for (const [index, comment] of kept.entries()) await giveCommentToNobody(trx, comment.id, versions[index] ?? 0);
    }
    const removedIds = removed.map((comment) => comment.id);
    await deleteCommentRows(trx, removedIds);
    await writeTombstones(trx, 'comment', removedIds, nowMs);

    const added = await listRestroomsAddedByUser(trx, user.id);
    const inFeed = added.filter((restroom) => restroom.inFeed);
    const restroomVersions = await nextVersions(trx, inFeed.length);
    for (const restroom of added) {
      const index = inFeed.indexOf(restroom);
      await uncreditRestroom(trx, restroom.id, index === -1 ? null : (restroomVersions[index] ?? 0));
    }

    const person = { id: user.id, username: user.username };
    await removePrivateRows(trx, person, usernameKey(user.username));
    await anonymiseMentions(trx, person);
    await deleteUserRow(trx, user.id);

    return {
      id: user.id,
      deleted_at: isoFromEpochMs(nowMs),
      sessions_ended: sessionsEnded,
      votes_removed: thumbs.length,
      comments_removed: removed.filter((comment) => comment.live).length,
      comments_kept: kept.length,
      restrooms_uncredited: added.length,
    };
  });
}
