import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * A "known device" (OWASP's device cookie): a browser where this account has signed in with its
 * password before. Its logins are counted against the device, not the account, so a stranger
 * guessing a username's password from elsewhere can lock out only other strangers, never the
 * person on their own phone. The cookie is signed with SESSION_SECRET, so every api process
 * sharing the database accepts it; its failures are counted in the database like the others.
 */
export const KNOWN_DEVICE_COOKIE = 'allstall_device';
/** A year: a phone that signs in now and then stays known. Each login renews it. */
const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Only the login and registration routes read it. */
const COOKIE_PATH = '/api/user';
const VERSION = 'v1';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`allstall known device ${payload}`).digest();
}

/** `v1.<user id>.<device id>.<signature>`: the user id ties the device to one account. */
function cookieValue(secret: string, userId: string, deviceId: string): string {
  const payload = `${VERSION}.${userId}.${deviceId}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/**
 * The device id in this request's known-device cookie when the cookie is genuine and was given to
 * the account `userId`; null otherwise (no cookie, forged, or another account's).
 */
export function knownDeviceOf(request: FastifyRequest, secret: string, userId: string): string | null {
  const value = request.cookies[KNOWN_DEVICE_COOKIE];
  if (value === undefined) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [version, cookieUserId, deviceId, sent] = parts as [string, string, string, string];
  if (version !== VERSION || cookieUserId !== userId || deviceId === '') return null;
  const expected = signature(secret, `${version}.${cookieUserId}.${deviceId}`);
  const given = Buffer.from(sent, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * After a login or sign-up with the right password: marks this browser as a known device of the
 * account, keeping its device id if it already was one, for another year.
 */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, config: AppConfig, userId: string): void {
  const deviceId = knownDeviceOf(request, config.sessionSecret, userId) ?? randomBytes(16).toString('base64url');
  reply.setCookie(KNOWN_DEVICE_COOKIE, cookieValue(config.sessionSecret, userId, deviceId), {
    httpOnly: true,
    // Only ever sent with our own login requests, never with one a cross-site page starts.
    sameSite: 'strict',
    path: COOKIE_PATH,
    secure: config.cookieSecure,
    maxAge: Math.floor(KNOWN_DEVICE_LIFETIME_MS / 1000),
  });
}

/** After the account is deleted: this browser is no longer a known device of anything. */
export function forgetDevice(reply: FastifyReply): void {
  reply.clearCookie(KNOWN_DEVICE_COOKIE, { path: COOKIE_PATH });
}
