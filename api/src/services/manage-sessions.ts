import { createHash } from 'node:crypto';
import { deviceNameOf, deviceNameText, type AccountSessionList, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { deleteSession, listSessionsOf } from '../repositories/sessions.js';

/*
 * A person's signed-in devices (docs/architecture.md#sessions-and-roles). A session is named to its
 * person by a hash of its id: the id itself is the cookie's secret, and a list on a screen must not
 * hand out what signs a device in.
 */

/** The name a session goes by in its person's list. */
function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

/** The person's sessions that have not expired: this one first, then the most recently used. */
export async function listSessions(db: Kysely<Database>, user: User, currentSessionId: string, nowMs: number): Promise<AccountSessionList> {
  const sessions = await listSessionsOf(db, user.id, nowMs);
  const listed = sessions.map((session) => {
    const name = deviceNameOf(session.userAgent);
    return {
      id: publicSessionId(session.id),
      browser: name.browser,
      os: name.os,
      device: deviceNameText(name),
      signed_in_at: session.createdAtMs === null ? null : isoFromEpochMs(session.createdAtMs),
      last_used_at: session.lastUsedAtMs === null ? null : isoFromEpochMs(session.lastUsedAtMs),
      expires_at: isoFromEpochMs(session.expiresAtMs),
      current: session.id === currentSessionId,
    };
  });
  return [...listed.filter((session) => session.current), ...listed.filter((session) => !session.current)];
}

/**
 * Ends one of the person's sessions by its public id: 404 when they have none by that id (another
 * person's session is no different from none). Answers whether it was the one asking.
 */
export async function endSessionOf(db: Kysely<Database>, user: User, publicId: string, currentSessionId: string, nowMs: number): Promise<{ wasCurrent: boolean }> {
  const sessions = await listSessionsOf(db, user.id, nowMs);
  const session = sessions.find((candidate) => publicSessionId(candidate.id) === publicId);
  if (session === undefined) throw new HttpError(404, 'session.notFound', { field: 'id' });
  await deleteSession(db, session.id);
  return { wasCurrent: session.id === currentSessionId };
}
