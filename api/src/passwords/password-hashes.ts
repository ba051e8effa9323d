import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, one lane (docs/architecture.md#passwords-and-logins). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches `passwordHash`; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as checking a real password, for logins to unknown usernames, so response
 * time does not reveal which usernames exist. The hash is made once, on first use.
 */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  dummyHash ??= hashPassword('allstall-timing-equaliser-not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
