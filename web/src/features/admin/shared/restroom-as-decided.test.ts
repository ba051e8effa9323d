import { describe, expect, it } from 'vitest';
import { makeOutboxRow, makeRestroom } from '@/test/fixtures';
import type { DecisionRow } from './queued-decisions';
import { decidesReview, restroomAsDecided } from './restroom-as-decided';

const restroom = makeRestroom({ name: 'Quiet Library', status: 'pending' });

function decision(decision: Extract<DecisionRow, { kind: 'restroom-decision' }>['body']['decision'], status: DecisionRow['status'] = 'pending') {
  return makeOutboxRow({ kind: 'restroom-decision', body: { restroom_id: restroom.id, name: restroom.name, decision } }, { status }) as DecisionRow;
}

describe('restroomAsDecided', () => {
  it('shows waiting edits, in order, and the verdict that settles the restroom', () => {
    const rename = decision({ name: 'Loud Library', accessible: true });
    const approve = decision({ status: 'approved' });
    const { restroom: shown, settledBy } = restroomAsDecided(restroom, [rename, decision({ name: 'Quiet Library 2' }), approve]);
    expect(shown).toMatchObject({ name: 'Quiet Library 2', accessible: true, status: 'approved' });
    expect(settledBy).toBe(approve);
  });

  it('leaves the restroom as it was for a refused decision', () => {
    const { restroom: shown, settledBy } = restroomAsDecided(restroom, [decision({ status: 'approved', name: 'Other' }, 'failed')]);
    expect(shown).toEqual(restroom);
    expect(settledBy).toBeUndefined();
  });

  it('settles the restroom with a waiting deletion, and shows a removal without settling it', () => {
    const remove = decision({ is_removed: true });
    expect(restroomAsDecided(restroom, [remove])).toEqual({ restroom: { ...restroom, is_removed: true }, settledBy: undefined });
    const deletion = makeOutboxRow({ kind: 'restroom-delete', body: { restroom_id: restroom.id, name: restroom.name } }) as DecisionRow;
    expect(restroomAsDecided(restroom, [remove, deletion]).settledBy).toBe(deletion);
  });
});

describe('decidesReview', () => {
  it('is a verdict, an edit or a deletion, not a removal from display', () => {
    expect(decidesReview(decision({ status: 'rejected' }))).toBe(true);
    expect(decidesReview(decision({ city: 'St Paul' }))).toBe(true);
    expect(decidesReview(decision({ is_removed: false }))).toBe(false);
  });
});
