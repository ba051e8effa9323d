import { usernameDisplay, usernameIssue, usernameKey, type Credentials, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { insertUser } from '../repositories/users.js';
import { newPasswordIssue } from '../passwords/common-passwords.js';
import { hashPassword } from '../passwords/password-hashes.js';

/** Creates an account after checking the username and password rules; 400 or 409 when it cannot. */
export async function registerAccount(db: Kysely<Database>, credentials: Credentials, nowMs: number): Promise<User> {
  const problem = usernameIssue(credentials.username) ?? newPasswordIssue(credentials.password, credentials.username);
  if (problem !== null) throw HttpError.fromProblem(400, problem);

  const user = await insertUser(db, {
    id: uuidv7(),
    username: usernameDisplay(credentials.username),
    usernameKey: usernameKey(credentials.username),
    passwordHash: await hashPassword(credentials.password),
    isAdmin: false,
    insertedAtMs: nowMs,
  });
  if (user === undefined) throw new HttpError(409, 'username.taken', { field: 'username' });
  return user;
}
