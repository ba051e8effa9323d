import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { User } from '@allstall/shared';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { SESSION_COOKIE_NAME, type SecondFactorGate } from '../http/access.js';
import { findSignedInUser } from '../repositories/users.js';
import { KyselySessionStore } from './session-store.js';

declare module 'fastify' {
  interface Session {
    /** Whose session it is. Everything about the person is read fresh per request. */
    userId?: string;
    /** The User-Agent at login, which names the device in the person's list of sessions. */
    userAgent?: string;
    /** When this session gave a second factor (at login, or by turning one on); absent when it never did. */
    secondFactorAtMs?: number;
  }
  interface FastifyRequest {
    /** The signed-in person, or null. A deleted account counts as signed out. */
    user: User | null;
    /** Why an admin route would refuse this admin for want of a second factor; null when it would not. */
    secondFactorGate: SecondFactorGate;
    /** Whether the signed-in person has a second factor on. */
    secondFactorOn: boolean;
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
    const store = new KyselySessionStore(app.db, SESSION_LIFETIME_MS);
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: SESSION_COOKIE_NAME,
      store,
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
    app.decorateRequest('secondFactorGate', null);
    app.decorateRequest('secondFactorOn', false);
    app.addHook('onRequest', async (request) => {
      const userId = request.session?.userId;
      const found = userId === undefined ? undefined : await findSignedInUser(app.db, userId);
      request.user = found?.user ?? null;
      request.secondFactorOn = found?.secondFactorOn ?? false;
      request.secondFactorGate = null;
      if (found === undefined) return;
      if (config.adminRequireSecondFactor && found.user.is_admin) {
        if (!found.secondFactorOn) request.secondFactorGate = 'auth.secondFactorSetupRequired';
        else if (request.session.secondFactorAtMs === undefined) request.secondFactorGate = 'auth.secondFactorRequired';
      }
      // Only a list's "last used" rides on it: a read must not fail because the storage will not take a write.
      await store.touch(request.session.sessionId).catch((error: unknown) => request.log.warn({ err: error }, 'could not record a session’s last use'));
    });

    // Expired sessions are swept with the rest of the old data (plugins/retention.ts).
  },
  { name: 'allstall-session', dependencies: ['allstall-db'] },
);
