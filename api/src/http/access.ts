import type { User } from '@allstall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors/http-error.js';

/** The cookie that carries the session id (plugins/session.ts sets it; logging out clears it). */
export const SESSION_COOKIE_NAME = 'allstall_sid';

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
  if (request.user === null) throw new HttpError(401, 'access.loginRequired');
  return request.user;
}

/**
 * The signed-in user when they are the person `userId` names or an admin: 401 for a guest, 403 for
 * anyone else. For what a person keeps to themselves, like their own additions under review.
 */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string, field = 'id'): User {
  const user = requireUser(request);
  if (user.id !== userId.toLowerCase() && !user.is_admin) throw new HttpError(403, 'access.selfOrAdmin', { field });
  return user;
}

/** The signed-in admin: 401 for a guest, 403 for anyone else. The server's word is final (docs/architecture.md#sessions-and-roles). */
export function requireAdmin(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!user.is_admin) throw new HttpError(403, 'access.adminOnly');
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
