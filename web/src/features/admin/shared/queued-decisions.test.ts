import { describe, expect, it } from 'vitest';
import { makeOutboxRow, testId } from '@/test/fixtures';
import { decisionNote, decisionsByItem, type DecisionRow } from './queued-decisions';

const ada = testId(1);
const restroomId = testId(2);
const approve = makeOutboxRow({ kind: 'restroom-decision', body: { restroom_id: restroomId, name: 'Quiet Library', decision: { status: 'approved' } } }, { userId: ada });

describe('decisionsByItem', () => {
  it("keeps the signed-in admin's decisions of the given kinds, by the item they are about", () => {
    const someoneElses = { ...approve, id: testId(3), userId: testId(4) };
    const feedback = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroomId, upvote: 1, downvote: 0 } }, { userId: ada });
    const resolve = makeOutboxRow({ kind: 'contact-resolve', body: { contact_id: testId(5), excerpt: 'Hi' } }, { userId: ada });
    const byItem = decisionsByItem([approve, someoneElses, feedback, resolve], ['restroom-decision', 'restroom-delete'], ada);
    expect([...byItem]).toEqual([[restroomId, [approve]]]);
  });
});

describe('decisionNote', () => {
  it('says what a waiting decision does and where it stands, and a refusal in the server’s words', () => {
    expect(decisionNote(approve as DecisionRow)).toBe('Approved — Not sent yet');
    expect(decisionNote({ ...approve, status: 'sending' } as DecisionRow)).toBe('Approved — Sending…');
    expect(decisionNote({ ...approve, status: 'failed', lastError: 'Already handled by Bob.' } as DecisionRow)).toBe('Already handled by Bob.');
  });
});
