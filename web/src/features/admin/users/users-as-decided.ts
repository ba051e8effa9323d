import { serverMessage } from '@/lib/i18n/server-message';
import { lastAdminProblem, type AdminRemoval, type User } from '@allstall/shared';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import type { DecisionRow } from '../shared/queued-decisions';

/** An account as it will be once the admin's queued decisions about it are sent. */
export interface DecidedUser extends User {
  /** A deletion is on its way: the row stays, greyed, until the server takes it. */
  deleting: boolean;
}

/** `user` with the role its newest queued 'Make admin' / 'Remove admin' gives it; refused decisions change nothing. */
export function userAsDecided(user: User, decisions: readonly DecisionRow[]): DecidedUser {
  let isAdmin = user.is_admin;
  let deleting = false;
  for (const row of decisions) {
    if (!rowIsOnItsWay(row)) continue;
    if (row.kind === 'user-role') isAdmin = row.body.is_admin;
    if (row.kind === 'user-delete') deleting = true;
  }
  return { ...user, is_admin: isAdmin, deleting };
}

/**
 * Why `user` cannot be demoted or deleted now, or null: the only admin left once the queued
 * decisions land. The list is what this device knows; the server checks again and has the last word.
 */
export function decidedLastAdminProblem(users: readonly DecidedUser[], user: DecidedUser, removal: AdminRemoval): string | null {
  const remaining = users.filter((other) => !other.deleting);
  const problem = lastAdminProblem(remaining, user.id, removal);
  return problem === null ? null : serverMessage(problem);
}
