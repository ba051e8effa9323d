import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { User } from '@allstall/shared';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { SESSION_COOKIE_NAME } from '../http/access.js';
import { findUserById } from '../repositories/users.js';
import { KyselySessionStore } from './session-store.js';

declare module 'fastify' {
  interface Session {
    /** The only thing a session holds: whose it is. Everything else is read fresh per request. */
    userId?: string;
  }
  interface FastifyRequest {
    /** The signed-in person, or null. A deleted account counts as signed out. */
    user: User | null;
  }
}

/** How long a login lasts. */
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Cookie sessions stored in our database. The cookie is HttpOnly and SameSite=Lax, Secure when the
 * configuration says so (by default whenever the request came over HTTPS), and carries only a
 * signed random id.
 */
export const sessionPlugin = fastifyPlugin<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: SESSION_COOKIE_NAME,
      store: new KyselySessionStore(app.db, SESSION_LIFETIME_MS),
      // No row and no cookie until someone logs in: anonymous visitors leave nothing behind.
      saveUninitialized: false,
      // A fixed 30 days from login, rather than a database write on every request to extend it.
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: config.cookieSecure,
        maxAge: SESSION_LIFETIME_MS,
      },
    });

    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const userId = request.session?.userId;
      request.user = userId === undefined ? null : ((await findUserById(app.db, userId)) ?? null);
    });

    // Expired sessions are swept with the rest of the old data (plugins/retention.ts).
  },
  { name: 'allstall-session', dependencies: ['allstall-db'] },
);
