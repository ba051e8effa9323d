import type { User } from '../schemas/user.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';

/** How an admin can stop being one: by being made a regular user, or by having the account deleted. */
export type AdminRemoval = 'demote' | 'delete';

/**
 * Someone must always be able to moderate: demoting or deleting `targetId` is refused when they are
 * the only admin among `users`. The Users tab asks this of the list it shows; the server asks it of
 * the live accounts, and its word is final.
 */
export function lastAdminProblem(
  users: ReadonlyArray<Pick<User, 'id' | 'is_admin'>>,
  targetId: string,
  removal: AdminRemoval,
): WriteProblem | null {
  const id = targetId.toLowerCase();
  const target = users.find((user) => user.id.toLowerCase() === id);
  if (target === undefined || !target.is_admin) return null;
  if (users.some((user) => user.is_admin && user.id.toLowerCase() !== id)) return null;
  return removal === 'demote'
    ? writeProblem('is_admin', 'users.lastAdminDemote')
    : writeProblem('id', 'users.lastAdminDelete');
}
