import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteSession, findSession, saveSession } from '../repositories/sessions.js';

/**
 * @fastify/session's store over our `sessions` table. The row keeps the session as JSON (the
 * cookie settings and the user id) and its expiry as epoch ms, so expired rows can be swept by index.
 */
export class KyselySessionStore implements SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly fallbackLifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  set(sessionId: string, session: Session, callback: (error?: unknown) => void): void {
    const expires = session.cookie.expires;
    const expiresAtMs = expires instanceof Date ? expires.getTime() : this.now() + this.fallbackLifetimeMs;
    saveSession(this.db, sessionId, { data: JSON.stringify(session), expiresAtMs }).then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    findSession(this.db, sessionId, this.now()).then(
      (data) => callback(null, data === undefined ? null : parseSession(data)),
      (error: unknown) => callback(error),
    );
  }

  destroy(sessionId: string, callback: (error?: unknown) => void): void {
    deleteSession(this.db, sessionId).then(() => callback(), callback);
  }
}

/** A stored session that no longer parses (hand-edited, truncated) counts as no session. */
function parseSession(data: string): Session | null {
  try {
    return JSON.parse(data) as Session;
  } catch {
    return null;
  }
}
