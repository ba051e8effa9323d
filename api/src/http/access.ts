import type { ApiErrorCode, User } from '@allstall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors/http-error.js';

/** The cookie that carries the session id (plugins/session.ts sets it; logging out clears it). */
export const SESSION_COOKIE_NAME = 'allstall_sid';

/**
 * Why an admin route refuses an admin for want of a second factor when ADMIN_REQUIRE_2FA is on:
 * none turned on, or none given at this login. Null when nothing is missing.
 */
export type SecondFactorGate = Extract<ApiErrorCode, 'auth.secondFactorSetupRequired' | 'auth.secondFactorRequired'> | null;

/** The User-Agent kept with a session, for naming the device; longer ones are cut. */
const USER_AGENT_KEPT = 512;

/**
 * Signs `user` in on a brand-new session id, so an id planted or seen before login is worthless
 * after it (session fixation). Saved right away rather than at the end of the response.
 * `secondFactorGiven` marks a login that gave a code (docs/architecture.md#second-factor).
 */
export async function startSession(request: FastifyRequest, user: User, secondFactorGiven = false): Promise<void> {
  await request.session.regenerate();
  request.session.userId = user.id;
  const userAgent = request.headers['user-agent'];
  if (userAgent !== undefined) request.session.userAgent = userAgent.slice(0, USER_AGENT_KEPT);
  if (secondFactorGiven) request.session.secondFactorAtMs = Date.now();
  await request.session.save();
  request.user = user;
  request.secondFactorGate = null;
}

/** Deletes the session row and tells the browser to forget the cookie; fine without a session. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.session.destroy();
  request.user = null;
  reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (request.user === null) throw new HttpError(401, 'access.loginRequired');
  return request.user;
}

/**
 * The signed-in user when they are the person `userId` names or an admin: 401 for a guest, 403 for
 * anyone else. For what a person keeps to themselves, like their own additions under review.
 */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string, field = 'id'): User {
  const user = requireUser(request);
  if (user.id === userId.toLowerCase()) return user;
  if (!user.is_admin) throw new HttpError(403, 'access.selfOrAdmin', { field });
  refuseWithoutSecondFactor(request);
  return user;
}

/**
 * The signed-in admin: 401 for a guest, 403 for anyone else, and 403 for an admin who still owes
 * the second factor ADMIN_REQUIRE_2FA asks for. The server's word is final (docs/architecture.md#sessions-and-roles).
 */
export function requireAdmin(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!user.is_admin) throw new HttpError(403, 'access.adminOnly');
  refuseWithoutSecondFactor(request);
  return user;
}

/**
 * The signed-in person as a write sees them: an admin who still owes the second factor acts as a
 * regular user (their restroom waits for review, they delete only their own comments), since a
 * stolen password alone must not carry an admin's powers.
 */
export function writerOf(request: FastifyRequest): User {
  const user = requireUser(request);
  return request.secondFactorGate === null ? user : { ...user, is_admin: false };
}

function refuseWithoutSecondFactor(request: FastifyRequest): void {
  if (request.secondFactorGate !== null) throw new HttpError(403, request.secondFactorGate);
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
