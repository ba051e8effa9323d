import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@allstall/shared';
import { makeOutboxRow, makeUser } from '@/test/fixtures';
import type { DecisionRow } from '../shared/queued-decisions';
import { decidedLastAdminProblem, userAsDecided } from './users-as-decided';

const ada = makeUser({ username: 'Ada', is_admin: true });
const bob = makeUser({ username: 'Bob', is_admin: true });

function role(user: typeof ada, isAdmin: boolean, status: DecisionRow['status'] = 'pending'): DecisionRow {
  return makeOutboxRow({ kind: 'user-role', body: { user_id: user.id, username: user.username, is_admin: isAdmin } }, { status }) as DecisionRow;
}

describe('userAsDecided', () => {
  it('takes the role of the newest queued change, and ignores refused ones', () => {
    expect(userAsDecided(bob, [role(bob, false)]).is_admin).toBe(false);
    expect(userAsDecided(bob, [role(bob, false), role(bob, true)]).is_admin).toBe(true);
    expect(userAsDecided(bob, [role(bob, false, 'failed')]).is_admin).toBe(true);
  });

  it('marks an account whose deletion is on its way', () => {
    const deletion = makeOutboxRow({ kind: 'user-delete', body: { user_id: bob.id, username: 'Bob' } }) as DecisionRow;
    expect(userAsDecided(bob, [deletion]).deleting).toBe(true);
    expect(userAsDecided(bob, []).deleting).toBe(false);
  });
});

describe('decidedLastAdminProblem', () => {
  it('refuses the only admin left once queued demotions and deletions land', () => {
    const users = [userAsDecided(ada, []), userAsDecided(bob, [role(bob, false)])];
    expect(decidedLastAdminProblem(users, users[0]!, 'demote')).toBe(apiErrorMessage('users.lastAdminDemote'));
    expect(decidedLastAdminProblem(users, users[0]!, 'delete')).toBe(apiErrorMessage('users.lastAdminDelete'));
  });

  it('counts an admin whose deletion is on its way as gone', () => {
    const deletion = makeOutboxRow({ kind: 'user-delete', body: { user_id: bob.id, username: 'Bob' } }) as DecisionRow;
    const users = [userAsDecided(ada, []), userAsDecided(bob, [deletion])];
    expect(decidedLastAdminProblem(users, users[0]!, 'delete')).toBe(apiErrorMessage('users.lastAdminDelete'));
  });

  it('allows either admin to go while both stay', () => {
    const users = [userAsDecided(ada, []), userAsDecided(bob, [])];
    expect(decidedLastAdminProblem(users, users[1]!, 'demote')).toBeNull();
  });
});
