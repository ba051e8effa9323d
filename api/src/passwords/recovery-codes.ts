import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes a person gets at a time. */
const RECOVERY_CODE_COUNT = 10;

/*
 * Crockford's base32: no I, L, O or U, so a code copied by hand from paper reads one way. Ten
 * characters carry 50 random bits: with the login's rate limits, far past guessing, and enough
 * that a fast hash (SHA-256) keeps them safe at rest (no salt needed to stop a table of them).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 10;

/** Ten fresh codes as shown to the person: 'ABCDE-12345'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/**
 * The stored form of a code as typed: case, spaces and dashes do not matter, and the letters a
 * reader may take for digits (O, I, L) count as the digits Crockford's alphabet means.
 */
export function recoveryCodeHash(typed: string): string {
  const normalised = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return createHash('sha256').update(normalised).digest('hex');
}
