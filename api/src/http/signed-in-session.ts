import type { User } from '@allstall/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '../plugins/session.js';

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
