import { usernameKey } from '@allstall/shared';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { HttpError } from './http-errors.js';
import {
  clearFailures,
  countFailuresSince,
  deleteFailuresBefore,
  recordFailures,
  type FailureCounter,
} from './repositories/auth-failures.js';

const MINUTE_MS = 60_000;

/** At most `max` failures within `windowMs`; the next attempt waits until the oldest one ages out. */
export interface FailureLimit {
  max: number;
  windowMs: number;
}

export type AuthAction = 'login' | 'register';

/**
 * Failures only: a person who types their password right is never slowed down. Per username stops
 * guessing one account's password from many addresses; per address stops trying one common
 * password against many accounts. An address is shared by a whole library or campus behind NAT,
 * hence its larger allowance. Registration failures are a taken name (409) or a refused password
 * (400): counting them stops probing which usernames exist.
 */
export const AUTH_FAILURE_LIMITS: Readonly<Record<AuthAction, { perAddress: FailureLimit; perUsername: FailureLimit }>> = {
  login: { perAddress: { max: 30, windowMs: 15 * MINUTE_MS }, perUsername: { max: 10, windowMs: 15 * MINUTE_MS } },
  register: { perAddress: { max: 20, windowMs: 60 * MINUTE_MS }, perUsername: { max: 10, windowMs: 60 * MINUTE_MS } },
};

const LONGEST_WINDOW_MS = Math.max(
  ...Object.values(AUTH_FAILURE_LIMITS).flatMap((limits) => [limits.perAddress.windowMs, limits.perUsername.windowMs]),
);

const REFUSAL: Record<AuthAction, string> = {
  login: 'Too many failed logins. Try again in',
  register: 'Too many failed sign-ups. Try again in',
};

/** Which answers count as a failure of each action. */
const COUNTED_STATUS: Record<AuthAction, ReadonlySet<number>> = {
  login: new Set([401]),
  register: new Set([400, 409]),
};

/** Who is trying: the client address (as `trustProxy` resolves it) and the username they typed. */
export interface AuthAttempt {
  action: AuthAction;
  address: string;
  username: string;
}

/**
 * Runs `attempt` unless this address or username has failed too often lately, answering 429 with
 * `Retry-After` instead. A failure is recorded in the database, so the limits hold across every
 * api process sharing it; a successful login forgets that username's failures.
 */
export async function limitAuthFailures<T>(
  db: Kysely<Database>,
  reply: FastifyReply,
  { action, address, username }: AuthAttempt,
  attempt: () => Promise<T>,
): Promise<T> {
  const limits = AUTH_FAILURE_LIMITS[action];
  const checks: Array<{ counter: FailureCounter; limit: FailureLimit }> = [
    { counter: { scope: `${action}:address`, key: address }, limit: limits.perAddress },
    { counter: { scope: `${action}:username`, key: usernameKey(username) }, limit: limits.perUsername },
  ];
  const nowMs = Date.now();
  for (const { counter, limit } of checks) {
    const { count, oldestAtMs } = await countFailuresSince(db, counter, nowMs - limit.windowMs);
    if (count >= limit.max && oldestAtMs !== null) {
      const retryAfterSeconds = Math.max(1, Math.ceil((oldestAtMs + limit.windowMs - nowMs) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new HttpError(429, `${REFUSAL[action]} ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }
  try {
    const result = await attempt();
    if (action === 'login') await clearFailures(db, checks[1]!.counter);
    return result;
  } catch (error) {
    if (error instanceof HttpError && COUNTED_STATUS[action].has(error.statusCode)) {
      await recordFailures(
        db,
        checks.map((check) => check.counter),
        Date.now(),
      );
    }
    throw error;
  }
}

/** Drops failures no window looks at any more. */
export function sweepOldAuthFailures(db: Kysely<Database>, nowMs: number): Promise<void> {
  return deleteFailuresBefore(db, nowMs - LONGEST_WINDOW_MS);
}
