import { describe, expect, it } from 'vitest';
import { testId } from '@/test/fixtures';
import { checkFeedbackDraft, feedbackBodyOf, feedbackDraftOf, isFeedbackDraft } from './feedback-draft';

describe('feedback drafts', () => {
  const id = testId(7001);

  it('turns the thumb into upvote/downvote and leaves out a blank comment', () => {
    expect(feedbackBodyOf(id, { thumb: 'up', comment: '  ' })).toEqual({ restroom_id: id, upvote: 1, downvote: 0 });
    expect(feedbackBodyOf(id, { thumb: 'down', comment: ' Clean ' })).toEqual({ restroom_id: id, upvote: 0, downvote: 1, comment: 'Clean' });
    expect(feedbackBodyOf(id, { thumb: null, comment: '' })).toEqual({ restroom_id: id, upvote: 0, downvote: 0 });
  });

  it('checks a draft into the write it queues', () => {
    expect(checkFeedbackDraft(id, { thumb: 'up', comment: ' Nice ' })).toEqual({
      write: { kind: 'feedback', body: { restroom_id: id, upvote: 1, downvote: 0, comment: 'Nice' } },
      problem: null,
    });
  });

  it('reads a queued body back into a draft', () => {
    expect(feedbackDraftOf({ restroom_id: id, upvote: 0, downvote: 1, comment: 'Hm' })).toEqual({ thumb: 'down', comment: 'Hm' });
  });

  it('accepts only well-formed stashed drafts', () => {
    expect(isFeedbackDraft({ thumb: 'up', comment: '' })).toBe(true);
    expect(isFeedbackDraft({ thumb: 'sideways', comment: '' })).toBe(false);
    expect(isFeedbackDraft(null)).toBe(false);
  });
});
