import { describe, expect, it } from 'vitest';
import { makeOutboxRow, makeRestroom, testId } from '@/test/fixtures';
import { commentIdsBeingDeleted, queuedComments, queuedVotes, withQueuedVote } from './queued-writes';

const restroomId = testId(9001);
const feedback = (upvote: 0 | 1, downvote: 0 | 1, comment?: string) => ({
  kind: 'feedback' as const,
  body: { restroom_id: restroomId, upvote, downvote, ...(comment === undefined ? {} : { comment }) },
});

describe('queuedVotes', () => {
  it('counts only the newest queued thumb per restroom', () => {
    const rows = [
      makeOutboxRow(feedback(1, 0), { createdAt: 1 }),
      makeOutboxRow(feedback(0, 1), { createdAt: 2 }),
      makeOutboxRow(feedback(0, 0, 'no thumb'), { createdAt: 3 }),
    ];
    expect(queuedVotes(rows).get(restroomId)).toBe('down');
  });

  it('leaves out refused writes: they are not on their way', () => {
    expect(queuedVotes([makeOutboxRow(feedback(1, 0), { status: 'failed' })]).size).toBe(0);
    expect(queuedVotes([makeOutboxRow(feedback(1, 0), { status: 'needs-login' })]).get(restroomId)).toBe('up');
  });

  it('adds the thumb to the mirror counts', () => {
    const restroom = makeRestroom({ upvotes: 2, downvotes: 1 });
    expect(withQueuedVote(restroom, 'up')).toMatchObject({ upvotes: 3, downvotes: 1 });
    expect(withQueuedVote(restroom, 'down')).toMatchObject({ upvotes: 2, downvotes: 2 });
    expect(withQueuedVote(restroom, undefined)).toBe(restroom);
  });

  it("replaces the person's standing thumb instead of adding a second one", () => {
    const restroom = makeRestroom({ upvotes: 2, downvotes: 1 });
    expect(withQueuedVote(restroom, 'down', 'up')).toMatchObject({ upvotes: 1, downvotes: 2 });
    expect(withQueuedVote(restroom, 'up', 'up')).toBe(restroom);
    expect(withQueuedVote(makeRestroom({ upvotes: 0, downvotes: 0 }), 'down', 'up')).toMatchObject({ upvotes: 0, downvotes: 1 });
  });
});

describe('queuedComments', () => {
  it('lists trimmed comments of queued feedback, newest first, skipping blank ones', () => {
    const rows = [
      makeOutboxRow(feedback(1, 0, ' first '), { createdAt: 1 }),
      makeOutboxRow(feedback(0, 0, '   '), { createdAt: 2 }),
      makeOutboxRow(feedback(0, 0, 'second'), { createdAt: 3, status: 'failed' }),
    ];
    expect(queuedComments(rows).map((c) => [c.content, c.status, c.hasVote])).toEqual([
      ['second', 'failed', false],
      ['first', 'pending', true],
    ]);
  });
});

describe('commentIdsBeingDeleted', () => {
  it('names the comments with a queued deletion', () => {
    const id = testId(9002);
    expect([...commentIdsBeingDeleted([makeOutboxRow({ kind: 'comment-delete', body: { comment_id: id } })])]).toEqual([id]);
  });

  it('leaves out a refused deletion: the comment is still there', () => {
    const deletion = { kind: 'comment-delete' as const, body: { comment_id: testId(9003) } };
    expect(commentIdsBeingDeleted([makeOutboxRow(deletion, { status: 'failed' })]).size).toBe(0);
    expect(commentIdsBeingDeleted([makeOutboxRow(deletion, { status: 'needs-login' })]).size).toBe(1);
  });
});
