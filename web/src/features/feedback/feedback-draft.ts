import { COMMENT_MAX_LENGTH, commentText, feedbackProblem, type FeedbackBody } from '@allstall/shared';
import { checkedWrite, type CheckedWrite } from '@/lib/api/checked-write';
import type { Thumb } from '@/lib/db/db';
import { feedbackThumb } from '@/lib/restrooms/thumb';

/** What the feedback dialog edits: at most one thumb, and the comment as typed. */
export interface FeedbackDraft {
  thumb: Thumb | null;
  comment: string;
}

export const EMPTY_FEEDBACK_DRAFT: FeedbackDraft = { thumb: null, comment: '' };

/** The body the outbox sends; a blank comment is left out rather than sent empty. */
export function feedbackBodyOf(restroomId: string, draft: FeedbackDraft): FeedbackBody {
  const comment = commentText(draft.comment);
  return {
    restroom_id: restroomId,
    upvote: draft.thumb === 'up' ? 1 : 0,
    downvote: draft.thumb === 'down' ? 1 : 0,
    ...(comment === null ? {} : { comment }),
  };
}

/** The feedback the draft queues for this restroom, or what is wrong with it. */
export function checkFeedbackDraft(restroomId: string, draft: FeedbackDraft): CheckedWrite {
  const body = feedbackBodyOf(restroomId, draft);
  return checkedWrite({ kind: 'feedback', body }, feedbackProblem(body));
}

export function feedbackDraftOf(body: FeedbackBody): FeedbackDraft {
  return { thumb: feedbackThumb(body), comment: body.comment ?? '' };
}

export function isFeedbackDraft(value: unknown): value is FeedbackDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { thumb, comment } = value as Record<string, unknown>;
  return (thumb === null || thumb === 'up' || thumb === 'down') && typeof comment === 'string' && comment.length <= COMMENT_MAX_LENGTH;
}
