import type { RecoveryCodes, SecondFactorEnrolment, SecondFactorStatusSchema } from '@allstall/shared';
import type { Static } from 'typebox';

type SecondFactorStatus = Static<typeof SecondFactorStatusSchema>;
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, readAs, totpCode, turnOnSecondFactor } from '../support/account-fixtures.js';
import { signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { sessionCookieFrom, useTestApp } from '../support/helpers.js';

/*
 * The TOTP second factor (RFC 6238; docs/architecture.md#second-factor). Only Date is faked, so each
 * test says which 30-second step a code belongs to; the app's timers keep running.
 */

const testApp = useTestApp();
const STEP_MS = 30_000;
/** One second into a step, so "the next step" is never a boundary away from a slow machine's clock. */
const START = Date.parse('2026-11-28T12:00:01Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock on by whole steps. */
function stepsLater(steps: number): void {
  vi.setSystemTime(Date.now() + steps * STEP_MS);
}

async function statusOf(as: Person): Promise<SecondFactorStatus> {
  const response = await readAs(testApp().app, '/api/user/second-factor', as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SecondFactorStatus>();
}

async function personWithSecondFactor(username: string) {
  const person = await signUp(testApp().app, username);
  const factor = await turnOnSecondFactor(testApp().app, person, signUpPassword(username));
  stepsLater(1);
  return { person, ...factor, password: signUpPassword(username) };
}

describe('turning it on', () => {
  it('takes the password, gives the secret and its otpauth URI, and counts only once a first code confirms it', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Tia Enrols');
    expect(await statusOf(person)).toEqual({ enabled: false, pending: false, recovery_codes_left: 0, session_verified: false, required: false });

    const wrongPassword = await write(app, '/api/user/second-factor', { as: person, payload: { password: 'not the password at all' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ field: 'password', code: 'auth.wrongPassword' });

    const started = await write(app, '/api/user/second-factor', { as: person, payload: { password: signUpPassword('Tia Enrols') } });
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauth_uri: uri } = started.json<SecondFactorEnrolment>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/allstall:Tia%20Enrols?secret=${secret}&issuer=allstall`);
    expect(await statusOf(person)).toMatchObject({ enabled: false, pending: true });
    // Not on yet: the password alone still logs in.
    expect((await logIn(app, { username: 'Tia Enrols', password: signUpPassword('Tia Enrols') })).statusCode).toBe(200);

    const wrongCode = await write(app, '/api/user/second-factor/confirm', { as: person, payload: { code: '000000' === (await totpCode(secret)) ? '111111' : '000000' } });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ field: 'code', code: 'auth.secondFactorFailed' });

    const confirmed = await write(app, '/api/user/second-factor/confirm', { as: person, payload: { code: await totpCode(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<RecoveryCodes>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await statusOf(person)).toEqual({ enabled: true, pending: false, recovery_codes_left: 10, session_verified: true, required: false });

    // Only hashes are kept.
    const stored = await app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', person.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash: hash } of stored) expect(codes.some((code) => hash.includes(code.replace('-', '')))).toBe(false);

    const again = await write(app, '/api/user/second-factor', { as: person, payload: { password: signUpPassword('Tia Enrols') } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'secondFactor.alreadyOn' });
  });

  it('refuses to confirm what was never started, and names a malformed code', async () => {
    const { app } = testApp();
    const person = await signUp(app, 'Tia Unstarted');
    const unstarted = await write(app, '/api/user/second-factor/confirm', { as: person, payload: { code: '123456' } });
    expect(unstarted.statusCode).toBe(409);
    expect(unstarted.json()).toMatchObject({ code: 'secondFactor.notStarted' });
    const malformed = await write(app, '/api/user/second-factor/confirm', { as: person, payload: { code: '12345x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'code' });
  });
});

describe('logging in with it on', () => {
  it('asks for the code after the right password, takes it, and refuses the same code again (a replay)', async () => {
    const { app } = testApp();
    const { secret, password } = await personWithSecondFactor('Tia Logs In');

    const asked = await logIn(app, { username: 'Tia Logs In', password });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'auth.secondFactorNeeded', field: 'code' });
    expect(sessionCookieFrom(asked)).toBeUndefined();

    const wrongPassword = await logIn(app, { username: 'Tia Logs In', password: 'not the password at all', code: await totpCode(secret) });
    expect(wrongPassword.json()).toMatchObject({ code: 'auth.loginFailed' });

    const code = await totpCode(secret);
    const accepted = await logIn(app, { username: 'Tia Logs In', password, code });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = { id: accepted.json<{ id: string }>().id, cookie: sessionCookieFrom(accepted)! };
    expect(await statusOf(session)).toMatchObject({ session_verified: true });

    const replayed = await logIn(app, { username: 'Tia Logs In', password, code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'auth.secondFactorFailed', field: 'code' });

    stepsLater(1);
    expect((await logIn(app, { username: 'Tia Logs In', password, code: await totpCode(secret) })).statusCode).toBe(200);
  });

  it('takes a code from the step before or after the server’s (a phone’s clock a little off), and none further', async () => {
    const { app } = testApp();
    const { secret, password } = await personWithSecondFactor('Tia Skewed');
    expect((await logIn(app, { username: 'Tia Skewed', password, code: await totpCode(secret, Date.now() - 3 * STEP_MS) })).statusCode).toBe(401);
    expect((await logIn(app, { username: 'Tia Skewed', password, code: await totpCode(secret, Date.now() + 3 * STEP_MS) })).statusCode).toBe(401);
    expect((await logIn(app, { username: 'Tia Skewed', password, code: await totpCode(secret, Date.now() + STEP_MS) })).statusCode).toBe(200);
    // A code of an earlier step than one already taken is refused too.
    expect((await logIn(app, { username: 'Tia Skewed', password, code: await totpCode(secret) })).statusCode).toBe(401);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { app } = testApp();
    const { person, recoveryCodes, password } = await personWithSecondFactor('Tia Recovers');
    const [first, second] = recoveryCodes as [string, string];
    expect((await logIn(app, { username: 'Tia Recovers', password, recovery_code: first })).statusCode).toBe(200);
    const reused = await logIn(app, { username: 'Tia Recovers', password, recovery_code: first });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'auth.secondFactorFailed', field: 'recovery_code' });
    expect((await logIn(app, { username: 'Tia Recovers', password, recovery_code: ` ${second.toLowerCase().replace('-', ' ')} ` })).statusCode).toBe(200);
    expect(await statusOf(person)).toMatchObject({ recovery_codes_left: 8 });
  });

  it('refuses a code and a recovery code together, naming recovery_code', async () => {
    const { app } = testApp();
    const { secret, recoveryCodes, password } = await personWithSecondFactor('Tia Both');
    const response = await logIn(app, { username: 'Tia Both', password, code: await totpCode(secret), recovery_code: recoveryCodes[0] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'recovery_code', code: 'secondFactor.oneProof' });
  });

  it('counts wrong codes as failed logins: after ten, even the right code waits, and asking again without one resets nothing', async () => {
    const { app } = testApp();
    const { secret, password } = await personWithSecondFactor('Tia Guessed');
    const right = await totpCode(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await logIn(app, { username: 'Tia Guessed', password, code: wrong })).statusCode).toBe(401);
      if (attempt < 10) expect((await logIn(app, { username: 'Tia Guessed', password })).json()).toMatchObject({ code: 'auth.secondFactorNeeded' });
    }
    const refused = await logIn(app, { username: 'Tia Guessed', password, code: right });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth.tooManyFailedLogins' });
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a code: none is 400 naming code, a wrong one 400, the right one turns it off', async () => {
    const { app } = testApp();
    const { person, secret, password } = await personWithSecondFactor('Tia Turns Off');
    const none = await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'code', code: 'secondFactor.proofRequired' });
    const right = await totpCode(secret);
    const wrong = await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: { code: right === '123456' ? '654321' : '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'code', code: 'auth.secondFactorFailed' });
    expect((await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: { code: right } })).statusCode).toBe(204);
    expect(await statusOf(person)).toMatchObject({ enabled: false, pending: false, recovery_codes_left: 0 });
    expect((await logIn(app, { username: 'Tia Turns Off', password })).statusCode).toBe(200);
    const offAlready = await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: { code: right } });
    expect(offAlready.statusCode).toBe(409);
    expect(offAlready.json()).toMatchObject({ code: 'secondFactor.off' });
  });

  it('gives ten new recovery codes for a recovery code, and the old ones stop working', async () => {
    const { app } = testApp();
    const { person, recoveryCodes, password } = await personWithSecondFactor('Tia Renews');
    const renewed = await write(app, '/api/user/second-factor/recovery-codes', { as: person, payload: { recovery_code: recoveryCodes[0] } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<RecoveryCodes>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await logIn(app, { username: 'Tia Renews', password, recovery_code: recoveryCodes[1] })).statusCode).toBe(401);
    expect((await logIn(app, { username: 'Tia Renews', password, recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it('limits wrong codes outside a login too (429 after ten)', async () => {
    const { app } = testApp();
    const { person, secret } = await personWithSecondFactor('Tia Off Guesses');
    const right = await totpCode(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: { code: wrong } })).statusCode).toBe(400);
    }
    const refused = await write(app, '/api/user/second-factor', { method: 'DELETE', as: person, payload: { code: right } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'auth.tooManyWrongCodes' });
  });
});
