import { usernameKey, type ApiErrorCode } from '@allstall/shared';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import {
  clearFailures,
  countFailuresSince,
  recordFailures,
  type FailureCounter,
} from '../repositories/auth-failures.js';

const MINUTE_MS = 60_000;

/** At most `max` failures within `windowMs`; the next attempt waits until the oldest one ages out. */
interface FailureLimit {
  max: number;
  windowMs: number;
}

/**
 * What is being tried: a login, a sign-up, the password typed again to change it or delete the
 * account (`password`), or a second factor's code outside a login (`secondFactor`: turning it on or
 * off, new recovery codes). The last two are guesses by someone holding a session, so they are
 * limited as a login is.
 */
export type AuthAction = 'login' | 'register' | 'password' | 'secondFactor';

interface ActionLimits {
  perAddress: FailureLimit;
  perUsername: FailureLimit;
  /** Logins from a known device of the account (`known-devices.ts`) count here instead of per username. */
  perKnownDevice?: FailureLimit;
}

/**
 * Failures only: a person who types their password right is never slowed down. Per username stops
 * guessing one account's password from many addresses; per address stops trying one common
 * password against many accounts. An address is shared by a whole library or campus behind NAT,
 * hence its larger allowance. Registration failures are a taken name (409) or a refused password
 * (400): counting them stops probing which usernames exist.
 *
 * The per-username limit would let anyone lock anyone out by typing wrong passwords for their
 * name, so it holds only for browsers the account has never signed in from. A known device has a
 * limit of its own instead (the same size: a stolen device cookie buys no extra guesses), and the
 * per-address limit still applies to it.
 */
export const AUTH_FAILURE_LIMITS: Readonly<Record<AuthAction, ActionLimits>> = {
  login: {
    perAddress: { max: 30, windowMs: 15 * MINUTE_MS },
    perUsername: { max: 10, windowMs: 15 * MINUTE_MS },
    perKnownDevice: { max: 10, windowMs: 15 * MINUTE_MS },
  },
  register: { perAddress: { max: 20, windowMs: 60 * MINUTE_MS }, perUsername: { max: 10, windowMs: 60 * MINUTE_MS } },
  password: { perAddress: { max: 30, windowMs: 15 * MINUTE_MS }, perUsername: { max: 10, windowMs: 15 * MINUTE_MS } },
  secondFactor: { perAddress: { max: 30, windowMs: 15 * MINUTE_MS }, perUsername: { max: 10, windowMs: 15 * MINUTE_MS } },
};

/** The longest window any limit counts failures over: older failures are never read again, and are swept. */
export const AUTH_FAILURE_WINDOW_MS = Math.max(
  ...Object.values(AUTH_FAILURE_LIMITS).flatMap((limits) =>
    [limits.perAddress, limits.perUsername, limits.perKnownDevice].flatMap((limit) => (limit === undefined ? [] : [limit.windowMs])),
  ),
);

const REFUSAL: Record<AuthAction, ApiErrorCode> = {
  login: 'auth.tooManyFailedLogins',
  register: 'auth.tooManyFailedSignUps',
  password: 'auth.tooManyWrongPasswords',
  secondFactor: 'auth.tooManyWrongCodes',
};

/**
 * Which refusals count as a failure of each action. A login whose password was right but which
 * still needs its code is not one: it also does not count as a success, so asking for it cannot
 * reset the count of wrong codes.
 */
const COUNTED: Record<AuthAction, (error: HttpError) => boolean> = {
  login: (error) => error.statusCode === 401 && error.code !== 'auth.secondFactorNeeded',
  register: (error) => error.statusCode === 400 || error.statusCode === 409,
  password: (error) => error.code === 'auth.wrongPassword',
  secondFactor: (error) => error.code === 'auth.secondFactorFailed',
};

/**
 * Who is trying: the client address (as `trustProxy` resolves it), the username they typed and,
 * when the browser is a known device of the account that username names, its device id.
 */
export interface AuthAttempt {
  action: AuthAction;
  address: string;
  username: string;
  knownDevice?: string | null;
}

/**
 * Runs `attempt` unless this address, or this username (this device, for a known device), has
 * failed too often lately, answering 429 with `Retry-After` instead. A failure is recorded in the
 * database, so the limits hold across every api process sharing it; a successful login forgets the
 * failures of that username (or that device) and leaves the address's.
 */
export async function limitAuthFailures<T>(
  db: Kysely<Database>,
  reply: FastifyReply,
  { action, address, username, knownDevice = null }: AuthAttempt,
  attempt: () => Promise<T>,
): Promise<T> {
  const limits = AUTH_FAILURE_LIMITS[action];
  const perDevice = knownDevice === null ? undefined : limits.perKnownDevice;
  const checks: Array<{ counter: FailureCounter; limit: FailureLimit }> = [
    { counter: { scope: `${action}:address`, key: address }, limit: limits.perAddress },
    knownDevice !== null && perDevice !== undefined
      ? { counter: { scope: `${action}:device`, key: knownDevice }, limit: perDevice }
      : { counter: { scope: `${action}:username`, key: usernameKey(username) }, limit: limits.perUsername },
  ];
  const nowMs = Date.now();
  for (const { counter, limit } of checks) {
    const { count, oldestAtMs } = await countFailuresSince(db, counter, nowMs - limit.windowMs);
    if (count >= limit.max && oldestAtMs !== null) {
      const retryAfterSeconds = Math.max(1, Math.ceil((oldestAtMs + limit.windowMs - nowMs) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      const minutes = Math.ceil(retryAfterSeconds / 60);
      throw new HttpError(429, REFUSAL[action], { params: { minutes } });
    }
  }
  try {
    const result = await attempt();
    if (action === 'login') await clearFailures(db, checks[1]!.counter);
    return result;
  } catch (error) {
    if (error instanceof HttpError && COUNTED[action](error)) {
      await recordFailures(
        db,
        checks.map((check) => check.counter),
        Date.now(),
      );
    }
    throw error;
  }
}

