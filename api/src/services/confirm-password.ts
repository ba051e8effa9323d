import type { User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { verifyPassword } from '../passwords/password-hashes.js';
import { findPasswordHash } from '../repositories/users.js';

/**
 * Checks the password a signed-in person typed again before a change that a borrowed phone must not
 * make (a new password, deleting the account, turning on a second factor): 400 naming `field` when it
 * is wrong (not 401: the person is still signed in), which the caller's rate limit counts.
 */
export async function confirmPassword(db: Kysely<Database>, user: User, password: string, field: string): Promise<void> {
  const hash = await findPasswordHash(db, user.id);
  if (hash === undefined) throw new HttpError(401, 'access.loginRequired');
  if (!(await verifyPassword(hash, password))) throw new HttpError(400, 'auth.wrongPassword', { field });
}
