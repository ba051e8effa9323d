import { usernameDisplay, usernameKey, usernameProblem, type Credentials, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/http-errors.js';
import { insertUser } from '../repositories/users.js';
import { newPasswordProblem } from './common-passwords.js';
import { hashPassword } from './passwords.js';

/** Creates an account after checking the username and password rules; 400 or 409 when it cannot. */
export async function registerAccount(db: Kysely<Database>, credentials: Credentials, nowMs: number): Promise<User> {
  const usernameIssue = usernameProblem(credentials.username);
  if (usernameIssue !== null) throw new HttpError(400, usernameIssue, 'username');
  const passwordIssue = newPasswordProblem(credentials.password, credentials.username);
  if (passwordIssue !== null) throw new HttpError(400, passwordIssue, 'password');

  const user = await insertUser(db, {
    id: uuidv7(),
    username: usernameDisplay(credentials.username),
    usernameKey: usernameKey(credentials.username),
    passwordHash: await hashPassword(credentials.password),
    isAdmin: false,
    insertedAtMs: nowMs,
  });
  if (user === undefined) throw new HttpError(409, 'That username is taken. Choose another.', 'username');
  return user;
}
