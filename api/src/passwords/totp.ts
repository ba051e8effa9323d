import { generateSecret, generateURI, verify } from 'otplib';

/*
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, six digits,
 * 30-second steps, through otplib (docs/architecture.md#second-factor).
 */

/** The name the authenticator app files the account under. */
const ISSUER = 'allstall';

/** A code from the step before or after the server's is still taken: a phone's clock may be a little off, and typing takes time. */
const TOLERANCE_SECONDS = 30;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI a QR code carries, naming the account by its username. */
export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

/**
 * The time step `code` belongs to when it is right for `secret` at `nowMs` and newer than
 * `lastStep` (a code already used, or one older than it, is a replay); null otherwise.
 */
export async function acceptedStep(secret: string, code: string, lastStep: number | null, nowMs: number): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The TOTP strategy's answer carries the step; an answer without one (HOTP's) never comes here.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
