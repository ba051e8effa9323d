import { describe, expect, it } from 'vitest';
import type { DecisionRow } from './queued-decisions';
import { decisionStatusText, type DecisionWrite } from './decision-status';

const approve: DecisionWrite = { kind: 'restroom-decision', body: { restroom_id: 'r1', name: 'Quiet Library', decision: { status: 'approved' } } };

function rowOf(write: DecisionWrite, fields: Partial<DecisionRow> = {}): DecisionRow {
  return { ...write, id: 'w1', userId: 'u1', status: 'pending', createdAt: 1, attempts: 0, nextAttemptAt: 0, ...fields } as DecisionRow;
}

const done = (write: DecisionWrite) => decisionStatusText(write, { row: undefined, seen: true, online: true });

describe('decisionStatusText', () => {
  it('says what each decision did once it is sent', () => {
    expect(done(approve)).toBe('Approved Quiet Library.');
    expect(done({ ...approve, body: { ...approve.body, decision: { status: 'rejected' } } })).toBe('Rejected Quiet Library.');
    expect(done({ ...approve, body: { ...approve.body, decision: { name: 'Central Library', admin_comment: 'Checked' } } })).toBe('Saved changes to Quiet Library.');
    expect(done({ ...approve, body: { ...approve.body, decision: { is_removed: false } } })).toBe('Quiet Library is shown again.');
    expect(done({ kind: 'restroom-delete', body: { restroom_id: 'r1', name: 'Quiet Library' } })).toBe('Deleted Quiet Library.');
    expect(done({ kind: 'contact-resolve', body: { contact_id: 'c1', excerpt: 'The sink leaks' } })).toBe('Resolved “The sink leaks”.');
    expect(done({ kind: 'user-role', body: { user_id: 'u2', username: 'River', is_admin: true } })).toBe('River is now an admin.');
    expect(done({ kind: 'user-role', body: { user_id: 'u2', username: 'River', is_admin: false } })).toBe('River is no longer an admin.');
    expect(done({ kind: 'user-delete', body: { user_id: 'u2', username: 'River' } })).toBe('Deleted River.');
  });

  it('says a decision is saved to send later while it waits for a connection or a login, not that it happened', () => {
    const saved = 'Saved to send later: Approve Quiet Library.';
    // Offline before the device's list of writes has shown it, and while it is listed.
    expect(decisionStatusText(approve, { row: undefined, seen: false, online: false })).toBe(saved);
    expect(decisionStatusText(approve, { row: rowOf(approve), seen: true, online: false })).toBe(saved);
    // Online, but its first try found no connection (or a server error), or the session ended.
    expect(decisionStatusText(approve, { row: rowOf(approve, { attempts: 1, lastError: 'No connection.' }), seen: true, online: true })).toBe(saved);
    expect(decisionStatusText(approve, { row: rowOf(approve, { status: 'needs-login' }), seen: true, online: true })).toBe(saved);
  });

  it('says it is done while it is being sent with a connection, and once it has gone even if the connection went too', () => {
    expect(decisionStatusText(approve, { row: rowOf(approve, { status: 'sending' }), seen: true, online: true })).toBe('Approved Quiet Library.');
    expect(decisionStatusText(approve, { row: undefined, seen: true, online: false })).toBe('Approved Quiet Library.');
  });

  it('says nothing of a refused decision: its row gives the reason', () => {
    expect(decisionStatusText(approve, { row: rowOf(approve, { status: 'failed', lastError: 'Already handled by Bob.' }), seen: true, online: true })).toBe('');
  });
});
