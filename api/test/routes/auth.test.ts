import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionExists } from '../support/database-fixtures.js';
import { sessionCookieFrom, sessionIdFromCookie, TEST_ADMIN, useTestApp, WRITE_HEADERS } from '../support/helpers.js';

const testApp = useTestApp();

async function register(username: string, password: string) {
  return testApp().app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: WRITE_HEADERS,
    payload: { username, password },
  });
}

async function login(username: string, password: string, cookie?: string) {
  return testApp().app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { ...WRITE_HEADERS, ...(cookie === undefined ? {} : { cookie }) },
    payload: { username, password },
  });
}

async function currentUser(cookie: string | undefined) {
  return testApp().app.inject({ method: 'GET', url: '/api/user', headers: cookie === undefined ? {} : { cookie } });
}

describe('registration', () => {
  it('creates the account, answers 201 with the user and signs the person in', async () => {
    const response = await register('Robin', 'a long enough passphrase');
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({ id: expect.any(String), username: 'Robin', is_admin: false, inserted_at: expect.any(String) });
    expect(user).not.toHaveProperty('password_hash');

    const cookie = sessionCookieFrom(response);
    expect(cookie).toBeDefined();
    const me = await currentUser(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('refuses a username that differs only in case or spacing with 409', async () => {
    expect((await register('Casey', 'another long passphrase')).statusCode).toBe(201);
    const duplicate = await register(' casey ', 'yet another long passphrase');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ statusCode: 409, error: 'Conflict', field: 'username' });
  });

  it('names the missing field', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: WRITE_HEADERS,
      payload: { password: 'a long enough passphrase' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'username is required.',
      field: 'username',
    });
  });

  it.each([
    ['too short', 'short1'],
    ['common', 'password123'],
    ['the username itself', 'Jordan-the-user-name'],
  ])('refuses a %s password with 400 on field password', async (_case, password) => {
    const response = await register('Jordan-the-user-name', password);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field).toBe('password');
    expect(body.message.length).toBeGreaterThan(10);
  });

  it('refuses unknown fields instead of ignoring them', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: WRITE_HEADERS,
      payload: { username: 'Sneaky', password: 'a long enough passphrase', is_admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'is_admin', message: 'is_admin is not an accepted field.' });
  });

  it('refuses a wrongly typed field, and malformed JSON, with 400', async () => {
    const wrongType = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: WRITE_HEADERS,
      payload: { username: 42, password: 'a long enough passphrase' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().field).toBe('username');

    const badJson = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

describe('login', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives one generic 401 for an unknown user and for a wrong password', async () => {
    const unknown = await login('nobody-by-this-name', 'whatever passphrase it is');
    const wrong = await login(TEST_ADMIN.username, 'not the admin password at all');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password.' });
      expect(sessionCookieFrom(response)).toBeUndefined();
    }
  });

  it('spends the same argon2 work on an unknown username as on a wrong password, so timing tells nothing', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    await login('nobody-by-this-name-either', 'whatever passphrase it is');
    await login(TEST_ADMIN.username, 'not the admin password at all');
    expect(verify).toHaveBeenCalledTimes(2);
    const [unknownHash, realHash] = verify.mock.calls.map(([hash]) => hash);
    // The same algorithm and cost parameters ($argon2id$v=19$m=19456,p=1,t=2$…): the same work.
    const parameters = (hash: string | undefined) => hash?.split('$').slice(1, 4).join('$');
    expect(parameters(unknownHash)).toBe('argon2id$v=19$m=19456,p=1,t=2');
    expect(parameters(unknownHash)).toBe(parameters(realHash));
  });

  it('signs in case-insensitively and starts a new session id, dropping the old one', async () => {
    const registered = await register('Morgan', 'morgan has a long passphrase');
    const firstCookie = sessionCookieFrom(registered);
    expect(firstCookie).toBeDefined();

    const response = await login('MORGAN', 'morgan has a long passphrase', firstCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'Morgan', is_admin: false });
    const secondCookie = sessionCookieFrom(response);
    expect(secondCookie).toBeDefined();
    expect(secondCookie).not.toBe(firstCookie);

    const { db } = testApp().app;
    expect(await sessionExists(db, sessionIdFromCookie(firstCookie ?? ''))).toBe(false);
    expect(await sessionExists(db, sessionIdFromCookie(secondCookie ?? ''))).toBe(true);
    expect((await currentUser(firstCookie)).statusCode).toBe(401);
    expect((await currentUser(secondCookie)).json()).toMatchObject({ username: 'Morgan' });
  });

  it('lets the seeded admin in', async () => {
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: TEST_ADMIN.username, is_admin: true });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, on / and for 30 days, not Secure by default', async () => {
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    const cookie = response.cookies.findLast((candidate) => candidate.name === 'allstall_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const lifetimeDays = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / (24 * 3600 * 1000);
    expect(lifetimeDays).toBeGreaterThan(29.9);
    expect(lifetimeDays).toBeLessThanOrEqual(30);
  });
});

describe('logout', () => {
  it('destroys the session row and clears the cookie', async () => {
    const loggedIn = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    const cookie = sessionCookieFrom(loggedIn) ?? '';
    const { db } = testApp().app;
    expect(await sessionExists(db, sessionIdFromCookie(cookie))).toBe(true);

    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...WRITE_HEADERS, cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.findLast((candidate) => candidate.name === 'allstall_sid')?.value).toBe('');
    expect(await sessionExists(db, sessionIdFromCookie(cookie))).toBe(false);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('answers 204 without a session too', async () => {
    const response = await testApp().app.inject({ method: 'POST', url: '/api/user/logout', headers: WRITE_HEADERS });
    expect(response.statusCode).toBe(204);
  });
});

describe('GET /api/user', () => {
  it('answers 401 in the error shape without a session, or with a forged cookie', async () => {
    for (const cookie of [undefined, 'allstall_sid=forged.value']) {
      const response = await currentUser(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });
});
