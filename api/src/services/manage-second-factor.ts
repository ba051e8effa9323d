import type { RecoveryCodes, SecondFactorEnrolment, SecondFactorProof, SecondFactorStatusSchema, User } from '@allstall/shared';
import type { Static } from 'typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { newRecoveryCodes, recoveryCodeHash } from '../passwords/recovery-codes.js';
import { acceptedStep, newTotpSecret, totpUri } from '../passwords/totp.js';
import {
  countRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  saveUnconfirmedSecondFactor,
  secondFactorIsOn,
  takeStep,
  useRecoveryCode,
} from '../repositories/second-factors.js';

/*
 * The TOTP second factor (docs/architecture.md#second-factor): turning it on takes a first code, so
 * a secret the app never received cannot lock the person out; a code is taken once (the step it
 * belongs to is remembered); a recovery code once (its hash is deleted).
 */

/** Where the person's factor stands, and whether this session gave it and must (an admin, with ADMIN_REQUIRE_2FA on). */
export async function secondFactorStatus(
  db: Kysely<Database>,
  user: User,
  session: { verified: boolean; required: boolean },
): Promise<Static<typeof SecondFactorStatusSchema>> {
  const factor = await findSecondFactor(db, user.id);
  const enabled = secondFactorIsOn(factor);
  return {
    enabled,
    pending: factor !== undefined && !enabled,
    recovery_codes_left: enabled ? await countRecoveryCodes(db, user.id) : 0,
    session_verified: session.verified,
    required: session.required,
  };
}

/** Starts turning the factor on: a new secret, not counted until `confirmSecondFactor`. 409 when it is on already. */
export async function startSecondFactor(db: Kysely<Database>, user: User, nowMs: number): Promise<SecondFactorEnrolment> {
  const existing = await findSecondFactor(db, user.id);
  if (secondFactorIsOn(existing)) throw new HttpError(409, 'secondFactor.alreadyOn');
  const secret = newTotpSecret();
  await saveUnconfirmedSecondFactor(db, user.id, secret, nowMs);
  return { secret, otpauth_uri: totpUri(user.username, secret) };
}

/** Turns the factor on with its first code, and answers the ten recovery codes (shown this once). */
export async function confirmSecondFactor(db: Kysely<Database>, user: User, code: string, nowMs: number): Promise<RecoveryCodes> {
  const factor = await findSecondFactor(db, user.id);
  if (factor === undefined) throw new HttpError(409, 'secondFactor.notStarted');
  if (factor.enabledAtMs !== null) throw new HttpError(409, 'secondFactor.alreadyOn');
  const step = await acceptedStep(factor.secret, code, factor.lastStep, nowMs);
  if (step === null) throw wrongCode('code');
  const codes = newRecoveryCodes();
  const turnedOn = await db.transaction().execute(async (trx) => {
    if (!(await takeStep(trx, user.id, step, nowMs, true))) return false;
    await replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash), nowMs);
    return true;
  });
  if (!turnedOn) throw wrongCode('code');
  return { recovery_codes: codes };
}

/**
 * Checks the proof a login or a change sends for a person whose factor is on, and uses it up:
 * 400 when it sends both or neither, 401 `auth.secondFactorFailed` naming the field when it is
 * wrong or used already (the caller's rate limit counts that).
 */
export async function proveSecondFactor(db: Kysely<Database>, userId: string, proof: SecondFactorProof, nowMs: number, status: 400 | 401 = 401): Promise<void> {
  // What the body says is checked before what the account holds: a malformed request is a 400 either way.
  if (proof.code !== undefined && proof.recovery_code !== undefined) throw new HttpError(400, 'secondFactor.oneProof', { field: 'recovery_code' });
  if (proof.code === undefined && proof.recovery_code === undefined) throw new HttpError(400, 'secondFactor.proofRequired', { field: 'code' });
  const factor = await findSecondFactor(db, userId);
  if (!secondFactorIsOn(factor)) throw new HttpError(409, 'secondFactor.off');
  if (proof.code !== undefined) {
    const step = await acceptedStep(factor.secret, proof.code, factor.lastStep, nowMs);
    if (step === null || !(await takeStep(db, userId, step, nowMs))) throw wrongCode('code', status);
    return;
  }
  if (!(await useRecoveryCode(db, userId, recoveryCodeHash(proof.recovery_code ?? '')))) throw wrongCode('recovery_code', status);
}

/** Turns the factor off, after a code or a recovery code proves the person still holds it. */
export async function turnOffSecondFactor(db: Kysely<Database>, user: User, proof: SecondFactorProof, nowMs: number): Promise<void> {
  await proveSecondFactor(db, user.id, proof, nowMs, 400);
  await db.transaction().execute((trx) => deleteSecondFactor(trx, user.id));
}

/** Ten new recovery codes in place of the old ones, after a code or a recovery code. */
export async function renewRecoveryCodes(db: Kysely<Database>, user: User, proof: SecondFactorProof, nowMs: number): Promise<RecoveryCodes> {
  await proveSecondFactor(db, user.id, proof, nowMs, 400);
  const codes = newRecoveryCodes();
  await db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id, codes.map(recoveryCodeHash), nowMs));
  return { recovery_codes: codes };
}

function wrongCode(field: 'code' | 'recovery_code', status: 400 | 401 = 400): HttpError {
  return new HttpError(status, 'auth.secondFactorFailed', { field });
}
