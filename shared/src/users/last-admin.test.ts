import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from '../api-errors/format-message.js';
import { lastAdminProblem } from './last-admin.js';

const ada = { id: '0193a1b2-0000-7000-8000-00000000000a', is_admin: true };
const bo = { id: '0193a1b2-0000-7000-8000-00000000000b', is_admin: true };
const cy = { id: '0193a1b2-0000-7000-8000-00000000000c', is_admin: false };

describe('lastAdminProblem', () => {
  it('refuses to demote the only admin, naming is_admin', () => {
    expect(lastAdminProblem([ada, cy], ada.id, 'demote')).toEqual({ field: 'is_admin', message: apiErrorMessage('users.lastAdminDemote'), code: 'users.lastAdminDemote' });
  });

  it('refuses to delete the only admin, naming the id', () => {
    expect(lastAdminProblem([ada, cy], ada.id, 'delete')).toEqual({ field: 'id', message: apiErrorMessage('users.lastAdminDelete'), code: 'users.lastAdminDelete' });
  });

  it('lets an admin go while another admin remains', () => {
    expect(lastAdminProblem([ada, bo, cy], ada.id, 'demote')).toBeNull();
    expect(lastAdminProblem([ada, bo, cy], bo.id, 'delete')).toBeNull();
  });

  it('has nothing to say about people who are not admins, or not in the list', () => {
    expect(lastAdminProblem([ada, cy], cy.id, 'delete')).toBeNull();
    expect(lastAdminProblem([ada], '0193a1b2-0000-7000-8000-0000000000ff', 'delete')).toBeNull();
  });

  it('matches the id whatever its case', () => {
    expect(lastAdminProblem([ada], ada.id.toUpperCase(), 'demote')).not.toBeNull();
  });
});
