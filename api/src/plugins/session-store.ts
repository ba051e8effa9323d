import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteSession, findSession, saveSession, touchSession } from '../repositories/sessions.js';

/** A session's last use is written at most this often: its list says when, to the minute, not to the second. */
const LAST_USED_GRAIN_MS = 60_000;

/** How many sessions this process remembers writing the last use of; the oldest are forgotten first. */
const LAST_USED_MEMORY = 10_000;

/**
 * @fastify/session's store over our `sessions` table. The row keeps the session as JSON (the
 * cookie settings and the user id) and its expiry as epoch ms, so expired rows can be swept by index.
 */
export class KyselySessionStore implements SessionStore {
  /** When this process last wrote each session's last use (saving one writes it too), so a busy phone costs one write a minute. */
  private readonly lastUseWritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly fallbackLifetimeMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  set(sessionId: string, session: Session, callback: (error?: unknown) => void): void {
    const expires = session.cookie.expires;
    const expiresAtMs = expires instanceof Date ? expires.getTime() : this.now() + this.fallbackLifetimeMs;
    const userId = session.userId ?? null;
    const userAgent = session.userAgent ?? null;
    const savedAtMs = this.now();
    saveSession(this.db, sessionId, { data: JSON.stringify(session), expiresAtMs, userId, userAgent, savedAtMs }).then(() => {
      this.remember(sessionId, savedAtMs);
      callback();
    }, callback);
  }

  /** Records that a request came with the session, unless this process did so less than a minute ago. */
  async touch(sessionId: string): Promise<void> {
    const nowMs = this.now();
    const written = this.lastUseWritten.get(sessionId);
    if (written !== undefined && nowMs - written < LAST_USED_GRAIN_MS) return;
    this.remember(sessionId, nowMs);
    await touchSession(this.db, sessionId, nowMs);
  }

  private remember(sessionId: string, atMs: number): void {
    this.lastUseWritten.delete(sessionId);
    this.lastUseWritten.set(sessionId, atMs);
    const oldest = this.lastUseWritten.keys().next();
    if (this.lastUseWritten.size > LAST_USED_MEMORY && oldest.done !== true) this.lastUseWritten.delete(oldest.value);
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
