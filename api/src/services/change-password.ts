import type { PasswordChangeBody, SessionsEnded, User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { newPasswordIssue } from '../passwords/common-passwords.js';
import { hashPassword } from '../passwords/password-hashes.js';
import { deleteSessionsOf } from '../repositories/sessions.js';
import { setPasswordHash } from '../repositories/users.js';
import { confirmPassword } from './confirm-password.js';

/**
 * A new password for a signed-in person (POST /api/user/password): the current one first, then the
 * registration's policy (the breached-password list included). Every other session of the person
 * ends in the same transaction, so a device that had the old password (or a stolen cookie) is out;
 * the session asking stays.
 */
export async function changePassword(db: Kysely<Database>, user: User, body: PasswordChangeBody, currentSessionId: string): Promise<SessionsEnded> {
  await confirmPassword(db, user, body.current_password, 'current_password');
  const problem = newPasswordIssue(body.new_password, user.username);
  if (problem !== null) throw HttpError.fromProblem(400, { ...problem, field: 'new_password' });
  const hash = await hashPassword(body.new_password);
  const ended = await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash);
    return deleteSessionsOf(trx, user.id, currentSessionId);
  });
  return { sessions_ended: ended };
}
