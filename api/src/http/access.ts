import { usernameCaseFold, usernameDisplay, usernameKey, usernameProblem, type Credentials, type User } from '@allstall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.js';
import { newPasswordProblem } from '../services/common-passwords.js';
import { HttpError } from './http-errors.js';
import { hashPassword, verifyAgainstDummyHash, verifyPassword } from '../services/passwords.js';
import { SESSION_COOKIE_NAME } from '../plugins/session.js';
import { findUserByKeys, insertUser, type UserWithPasswordHash } from '../repositories/users.js';

/** The one answer to every failed login, so it never tells which usernames exist. */
export const LOGIN_FAILED_MESSAGE = 'Invalid username or password.';

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

/**
 * The account a typed username names. Its look-alike skeleton (`usernameKey`) as a rule; a name
 * made before look-alikes were folded that now folds onto an older account kept its case-folded key
 * (migration 202611250900), and typing it exactly still finds it, so it is looked for first.
 */
export function findAccountByName(db: Kysely<Database>, username: string) {
  return findUserByKeys(db, [usernameCaseFold(username), usernameKey(username)]);
}

/**
 * The account `found` (by `findAccountByName`, which the login route has already called to tell a
 * known device) when `password` opens it, or a 401 with the generic message. An unknown username
 * costs the same argon2 work as a wrong password, so timing does not reveal which names exist.
 */
export async function authenticate(found: UserWithPasswordHash | undefined, password: string): Promise<User> {
  if (found === undefined) {
    await verifyAgainstDummyHash(password);
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  if (!(await verifyPassword(found.passwordHash, password))) throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  return found.user;
}

/**
 * Signs `user` in on a brand-new session id, so an id planted or seen before login is worthless
 * after it (session fixation). Saved right away rather than at the end of the response.
 */
export async function startSession(request: FastifyRequest, user: User): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  await request.session.save();
  request.user = user;
}

/** Deletes the session row and tells the browser to forget the cookie; fine without a session. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.session.destroy();
  request.user = null;
  reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (request.user === null) throw new HttpError(401, 'Log in first.');
  return request.user;
}

/**
 * The signed-in user when they are the person `userId` names or an admin: 401 for a guest, 403 for
 * anyone else. For what a person keeps to themselves, like their own additions under review.
 */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string, field = 'id'): User {
  const user = requireUser(request);
  if (user.id !== userId.toLowerCase() && !user.is_admin) throw new HttpError(403, 'Only this person or an admin may see this.', field);
  return user;
}

/** The signed-in admin: 401 for a guest, 403 for anyone else. The server's word is final (spec §6). */
export function requireAdmin(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!user.is_admin) throw new HttpError(403, 'Only an admin may do this.');
  return user;
}

/** `preValidation` for admin routes: guests 401 and non-admins 403 before their input is even looked at. */
export async function nonAdminsRefused(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/**
 * A route's `preValidation` hook: a guest gets 401 before the body is validated, so the first thing
 * they learn is that they must log in, not what was wrong with a body they cannot send anyway.
 */
export async function guestsGet401(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
