import type { FeedbackBody } from '@allstall/shared';
import type { Thumb } from '../db/db';

/**
 * The thumb a feedback body carries, or null for none. The API says it as two 0/1 counts; the
 * screens, the outbox and the vote memory all read it here.
 */
export function feedbackThumb(body: Pick<FeedbackBody, 'upvote' | 'downvote'>): Thumb | null {
  if (body.upvote === 1) return 'up';
  if (body.downvote === 1) return 'down';
  return null;
}
