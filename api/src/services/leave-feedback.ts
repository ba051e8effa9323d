import { commentText, type FeedbackBody, type FeedbackResult, type User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { findComment, insertCommentIn } from '../repositories/comments.js';
import { applyFeedbackToRestroom, type CountChange } from '../repositories/restroom-changes.js';
import { findVisibleRestroom } from '../repositories/restrooms.js';
import { findThumb, upsertThumb, type Thumb } from '../repositories/votes.js';

/** The thumb a body gives; undefined for neither (the body's schema and `feedbackProblem` rule out both). */
export function thumbOf(body: Pick<FeedbackBody, 'upvote' | 'downvote'>): Thumb | undefined {
  if (body.upvote === 1) return 1;
  if (body.downvote === 1) return -1;
  return undefined;
}

/**
 * How the counts move when a person's standing thumb goes from `previous` to `next`: a repeat moves
 * nothing, a switch moves one count down and the other up, and no thumb leaves the standing one.
 */
export function countChange(previous: Thumb | undefined, next: Thumb | undefined): CountChange {
  if (next === undefined || next === previous) return { upvotes: 0, downvotes: 0 };
  return {
    upvotes: (next === 1 ? 1 : 0) - (previous === 1 ? 1 : 0),
    downvotes: (next === -1 ? 1 : 0) - (previous === -1 ? 1 : 0),
  };
}

/**
 * 'I peed here!' (POST /api/feedback) inside the caller's transaction: the person's thumb replaces
 * their earlier one, the restroom's counts move by the difference and it counts as confirmed now,
 * and a non-blank comment is stored under `commentId`. The restroom and the comment each take a
 * fresh change-feed version, so every device's next pull brings them. 404 for a restroom the
 * public cannot see.
 */
export async function leaveFeedback(
  trx: Transaction<Database>,
  user: User,
  body: FeedbackBody,
  commentId: string,
  nowMs: number,
): Promise<FeedbackResult> {
  const content = commentText(body.comment);
  const thumb = thumbOf(body);
  // Versions first: reserving them locks the counter until commit (feed-versions.ts), so on PostgreSQL
  // feedback runs one at a time from here and the standing thumb read next cannot be stale. Two
  // devices of one person voting at once would otherwise both count their first thumb.
  const versions = await nextVersions(trx, content === null ? 1 : 2);
  const [restroomVersion = 0, commentVersion = restroomVersion] = versions;

  const previous = thumb === undefined ? undefined : await findThumb(trx, body.restroom_id, user.id);
  const counted = await applyFeedbackToRestroom(trx, body.restroom_id, countChange(previous, thumb), nowMs, restroomVersion);
  if (!counted) throw new HttpError(404, 'restroom.notFound', { field: 'restroom_id' });
  if (thumb !== undefined) await upsertThumb(trx, { restroomId: body.restroom_id, userId: user.id, thumb, nowMs });
  if (content !== null) {
    await insertCommentIn(trx, { id: commentId, restroomId: body.restroom_id, userId: user.id, content, insertedAtMs: nowMs }, commentVersion);
  }

  const restroom = await findVisibleRestroom(trx, body.restroom_id);
  if (restroom === undefined) throw new Error(`restroom ${body.restroom_id} vanished inside its own transaction`);
  const comment = content === null ? null : ((await findComment(trx, commentId)) ?? null);
  return { version: String(Math.max(restroomVersion, commentVersion)), restroom, comment };
}
