import { usernameCaseFold, usernameKey, type SecondFactorProof, type User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { findUserByKeys, type UserWithPasswordHash } from '../repositories/users.js';
import { verifyAgainstDummyHash, verifyPassword } from '../passwords/password-hashes.js';
import { findSecondFactor, secondFactorIsOn } from '../repositories/second-factors.js';
import { proveSecondFactor } from './manage-second-factor.js';

/**
 * The account a typed username names. Its look-alike skeleton (`usernameKey`) as a rule; a name
 * made before look-alikes were folded that now folds onto an older account kept its case-folded key
 * (migration 202611250900), and typing it exactly still finds it, so it is looked for first.
 */
export function findAccountByName(db: Kysely<Database>, username: string) {
  return findUserByKeys(db, [usernameCaseFold(username), usernameKey(username)]);
}

/**
 * The account `found` (by `findAccountByName`, which the login route has already called to tell a
 * known device) when `password` opens it, or a 401 with the generic message. An unknown username
 * costs the same argon2 work as a wrong password, so timing does not reveal which names exist.
 */
export async function logIn(found: UserWithPasswordHash | undefined, password: string): Promise<User> {
  if (found === undefined) {
    await verifyAgainstDummyHash(password);
    // The one answer to every failed login, so it never tells which usernames exist.
    throw new HttpError(401, 'auth.loginFailed');
  }
  if (!(await verifyPassword(found.passwordHash, password))) throw new HttpError(401, 'auth.loginFailed');
  return found.user;
}

/**
 * The login's second step, after the right password (docs/architecture.md#second-factor): true when
 * the person has a second factor on and `proof` gives it (used up now), false when they have none.
 * Without a proof it is 401 `auth.secondFactorNeeded`, which the rate limit counts as neither a
 * failure nor a success; a wrong one is 401 `auth.secondFactorFailed`, a failed login.
 */
export async function secondStepOfLogIn(db: Kysely<Database>, user: User, proof: SecondFactorProof, nowMs: number): Promise<boolean> {
  if (!secondFactorIsOn(await findSecondFactor(db, user.id))) return false;
  if (proof.code === undefined && proof.recovery_code === undefined) throw new HttpError(401, 'auth.secondFactorNeeded', { field: 'code' });
  await proveSecondFactor(db, user.id, proof, nowMs);
  return true;
}
