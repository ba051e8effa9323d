import { usernameKey } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_LIMITS } from '../../src/http/auth-rate-limits.js';
import { KNOWN_DEVICE_COOKIE } from '../../src/http/known-devices.js';
import { sessionCookieFrom, useTestApp, WRITE_HEADERS, type TestApp } from '../support/helpers.js';

const { login: LOGIN, register: REGISTER } = AUTH_FAILURE_LIMITS;

function send(testApp: TestApp, action: 'login' | 'register', username: string, password: string, from = '10.0.0.1', headers = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/user/${action}`,
    remoteAddress: from,
    headers: { ...WRITE_HEADERS, ...headers },
    payload: { username, password },
  });
}

async function failLogins(testApp: TestApp, count: number, username: (attempt: number) => string, from = '10.0.0.1') {
  for (let attempt = 0; attempt < count; attempt++) {
    expect((await send(testApp, 'login', username(attempt), 'not the right password at all', from)).statusCode).toBe(401);
  }
}

describe('failed logins, per username', () => {
  const testApp = useTestApp();

  it('after too many wrong passwords the account refuses even the right one from a browser it never signed in from, with 429 and Retry-After', async () => {
    expect((await send(testApp(), 'register', 'Quinn', 'quinn has a long passphrase', '10.0.1.1')).statusCode).toBe(201);
    // Spread over addresses: it is the account that is protected, wherever the guesses come from.
    for (let attempt = 0; attempt < LOGIN.perUsername.max; attempt++) {
      expect((await send(testApp(), 'login', 'quinn', 'wrong guess number one', `10.0.1.${attempt + 10}`)).statusCode).toBe(401);
    }
    const refused = await send(testApp(), 'login', 'QUINN', 'quinn has a long passphrase', '10.0.1.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: 'Too many failed logins. Try again in 15 minutes.' });
    expect(refused.json()).toMatchObject({ code: 'auth.tooManyFailedLogins', params: { minutes: 15 } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookieFrom(refused)).toBeUndefined();

    // Someone else on the same network is not affected.
    expect((await send(testApp(), 'register', 'Reese', 'reese has a long passphrase', '10.0.1.99')).statusCode).toBe(201);
    expect((await send(testApp(), 'login', 'Reese', 'reese has a long passphrase', '10.0.1.99')).statusCode).toBe(200);
  });

  it('treats an unknown username exactly like a real one, so the limit reveals nothing', async () => {
    await failLogins(testApp(), LOGIN.perUsername.max, () => 'nobody-called-this', '10.0.2.1');
    const refused = await send(testApp(), 'login', 'nobody-called-this', 'not the right password at all', '10.0.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed logins. Try again in 15 minutes.');
  });

  it('never counts successful logins, and a success forgets the earlier slips', async () => {
    expect((await send(testApp(), 'register', 'Sky', 'sky has a long passphrase', '10.0.3.1')).statusCode).toBe(201);
    for (let round = 0; round < 2; round++) {
      await failLogins(testApp(), LOGIN.perUsername.max - 1, () => 'sky', '10.0.3.1');
      expect((await send(testApp(), 'login', 'sky', 'sky has a long passphrase', '10.0.3.1')).statusCode).toBe(200);
    }
    for (let attempt = 0; attempt < LOGIN.perUsername.max + 5; attempt++) {
      expect((await send(testApp(), 'login', 'sky', 'sky has a long passphrase', '10.0.3.1')).statusCode).toBe(200);
    }
  });

  it('stops counting failures once they are older than the window', async () => {
    await failLogins(testApp(), LOGIN.perUsername.max, () => 'old-slips', '10.0.4.1');
    expect((await send(testApp(), 'login', 'old-slips', 'not the right password at all', '10.0.4.1')).statusCode).toBe(429);
    const { db } = testApp().app;
    const longAgo = Date.now() - LOGIN.perUsername.windowMs - 1000;
    await db.updateTable('auth_failures').set({ failed_at: longAgo }).where('scope', '=', 'login:username').where('key', '=', usernameKey('old-slips')).execute();
    expect((await send(testApp(), 'login', 'old-slips', 'not the right password at all', '10.0.4.1')).statusCode).toBe(401);
  });
});

describe('a known device: a browser the account signed in from before', () => {
  const testApp = useTestApp();
  const { perKnownDevice } = LOGIN;

  /** The known-device cookie a login or sign-up set, as a Cookie header. */
  function deviceCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
    const cookie = response.cookies.find((candidate) => candidate.name === KNOWN_DEVICE_COOKIE);
    if (cookie === undefined) throw new Error('no known-device cookie was set');
    return `${KNOWN_DEVICE_COOKIE}=${cookie.value}`;
  }

  async function lockOut(username: string, firstAddress: number) {
    for (let attempt = 0; attempt < LOGIN.perUsername.max; attempt++) {
      expect((await send(testApp(), 'login', username, 'a stranger guessing', `10.8.${firstAddress}.${attempt}`)).statusCode).toBe(401);
    }
  }

  it('is marked at sign-up and login with an HttpOnly, SameSite=Strict cookie for the login routes, kept a year', async () => {
    const signedUp = await send(testApp(), 'register', 'Marked', 'marked has a long passphrase', '10.8.0.1');
    expect(signedUp.statusCode).toBe(201);
    const cookie = signedUp.cookies.find((candidate) => candidate.name === KNOWN_DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user', maxAge: 365 * 24 * 60 * 60 });
    // Logging in again on the same device keeps its identity.
    const again = await send(testApp(), 'login', 'marked', 'marked has a long passphrase', '10.8.0.2', { cookie: deviceCookieFrom(signedUp) });
    expect(deviceCookieFrom(again)).toBe(deviceCookieFrom(signedUp));
  });

  it("a stranger's wrong guesses lock the name everywhere except on the owner's own device", async () => {
    const signedUp = await send(testApp(), 'register', 'Kai', 'kai has a long passphrase', '10.8.1.1');
    expect(signedUp.statusCode).toBe(201);
    const kaisPhone = { cookie: deviceCookieFrom(signedUp) };
    await lockOut('kai', 2);

    // Guesses from anywhere else stay refused, the right password included: whoever holds it, a
    // browser that never signed in to Kai cannot be told apart from the stranger.
    expect((await send(testApp(), 'login', 'kai', 'another guess', '10.8.3.1')).statusCode).toBe(429);
    const strangerWithPassword = await send(testApp(), 'login', 'kai', 'kai has a long passphrase', '10.8.3.2');
    expect(strangerWithPassword.statusCode).toBe(429);
    expect(sessionCookieFrom(strangerWithPassword)).toBeUndefined();

    // Kai's phone gets in, from a new address too.
    const onPhone = await send(testApp(), 'login', 'KAI', 'kai has a long passphrase', '10.8.4.1', kaisPhone);
    expect(onPhone.statusCode).toBe(200);
    expect(sessionCookieFrom(onPhone)).toBeDefined();

    // ... and Kai signing in does not reopen the door for the stranger.
    expect((await send(testApp(), 'login', 'kai', 'yet another guess', '10.8.3.3')).statusCode).toBe(429);
  });

  it('counts wrong passwords on a known device against that device, so it cannot guess without end', async () => {
    const signedUp = await send(testApp(), 'register', 'Lane', 'lane has a long passphrase', '10.8.5.1');
    const lanesLaptop = { cookie: deviceCookieFrom(signedUp) };
    for (let attempt = 0; attempt < (perKnownDevice?.max ?? 0); attempt++) {
      expect((await send(testApp(), 'login', 'lane', 'typo after typo', `10.8.6.${attempt}`, lanesLaptop)).statusCode).toBe(401);
    }
    const refused = await send(testApp(), 'login', 'lane', 'lane has a long passphrase', '10.8.6.99', lanesLaptop);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed logins. Try again in 15 minutes.');
    // The name itself was not locked by the device's slips: another browser still gets in.
    expect((await send(testApp(), 'login', 'lane', 'lane has a long passphrase', '10.8.7.1')).statusCode).toBe(200);
  });

  it("another account's device cookie, or a forged one, exempts nobody", async () => {
    const mine = await send(testApp(), 'register', 'Moss', 'moss has a long passphrase', '10.8.8.1');
    expect((await send(testApp(), 'register', 'Nova', 'nova has a long passphrase', '10.8.8.2')).statusCode).toBe(201);
    await lockOut('nova', 9);
    const mossCookie = deviceCookieFrom(mine);
    const [version, userId, deviceId, signature] = mossCookie.slice(KNOWN_DEVICE_COOKIE.length + 1).split('.');
    expect(userId).toBe(mine.json().id);
    const novaUser = await testApp().app.db.selectFrom('users').select('id').where('username', '=', 'Nova').executeTakeFirstOrThrow();
    const forgeries = [
      mossCookie,
      `${KNOWN_DEVICE_COOKIE}=${version}.${novaUser.id}.${deviceId}.${signature}`,
      `${KNOWN_DEVICE_COOKIE}=${version}.${novaUser.id}.${deviceId}.`,
      `${KNOWN_DEVICE_COOKIE}=garbage`,
    ];
    for (const cookie of forgeries) {
      expect((await send(testApp(), 'login', 'nova', 'nova has a long passphrase', '10.8.10.1', { cookie })).statusCode).toBe(429);
    }
  });

  it('still has the per-address limit', async () => {
    const signedUp = await send(testApp(), 'register', 'Oak', 'oak has a long passphrase', '10.8.11.1');
    await failLogins(testApp(), LOGIN.perAddress.max, (attempt) => `spray-from-oak-${attempt}`, '10.8.12.1');
    const fromThatAddress = await send(testApp(), 'login', 'oak', 'oak has a long passphrase', '10.8.12.1', { cookie: deviceCookieFrom(signedUp) });
    expect(fromThatAddress.statusCode).toBe(429);
  });
});

describe('failed logins, per address', () => {
  const testApp = useTestApp();

  it('one address trying many usernames is stopped; other addresses are not', async () => {
    await failLogins(testApp(), LOGIN.perAddress.max, (attempt) => `spray-${attempt}`, '10.9.9.9');
    const refused = await send(testApp(), 'login', 'fresh-name', 'not the right password at all', '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect((await send(testApp(), 'login', 'fresh-name', 'not the right password at all', '10.9.9.10')).statusCode).toBe(401);
  });
});

describe('behind a trusted proxy', () => {
  const testApp = useTestApp({ TRUST_PROXY: '1' });

  it('counts per visitor address from X-Forwarded-For', async () => {
    for (let attempt = 0; attempt < LOGIN.perAddress.max; attempt++) {
      const response = await send(testApp(), 'login', `proxy-${attempt}`, 'not the right password at all', '127.0.0.1', {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(response.statusCode).toBe(401);
    }
    const sameVisitor = await send(testApp(), 'login', 'proxy-x', 'not the right password at all', '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' });
    expect(sameVisitor.statusCode).toBe(429);
    const otherVisitor = await send(testApp(), 'login', 'proxy-x', 'not the right password at all', '127.0.0.1', { 'x-forwarded-for': '203.0.113.8' });
    expect(otherVisitor.statusCode).toBe(401);
  });
});

describe('without a trusted proxy', () => {
  const testApp = useTestApp();

  it('ignores X-Forwarded-For, so a client cannot dodge the limit by making addresses up', async () => {
    for (let attempt = 0; attempt < LOGIN.perAddress.max; attempt++) {
      const response = await send(testApp(), 'login', `dodge-${attempt}`, 'not the right password at all', '10.7.7.7', {
        'x-forwarded-for': `198.51.100.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const next = await send(testApp(), 'login', 'dodge-x', 'not the right password at all', '10.7.7.7', { 'x-forwarded-for': '198.51.100.200' });
    expect(next.statusCode).toBe(429);
  });
});

describe('failed registrations', () => {
  const testApp = useTestApp();

  it('probing taken usernames from one address is stopped; real sign-ups never count', async () => {
    for (let account = 0; account < REGISTER.perAddress.max + 2; account++) {
      expect((await send(testApp(), 'register', `member-${account}`, 'a long enough passphrase', '10.5.5.5')).statusCode).toBe(201);
    }
    for (let attempt = 0; attempt < REGISTER.perAddress.max; attempt++) {
      const taken = await send(testApp(), 'register', `member-${attempt % 5}`, 'a long enough passphrase', '10.5.5.5');
      expect(taken.statusCode).toBe(409);
    }
    const refused = await send(testApp(), 'register', 'brand-new-name', 'a long enough passphrase', '10.5.5.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-ups. Try again in 60 minutes.');
    expect((await send(testApp(), 'register', 'brand-new-name', 'a long enough passphrase', '10.5.5.6')).statusCode).toBe(201);
  });

  it('counts per username too: a name tried over and over from many addresses is refused for a while', async () => {
    for (let attempt = 0; attempt < REGISTER.perUsername.max; attempt++) {
      expect((await send(testApp(), 'register', 'popular', 'short', `10.6.0.${attempt}`)).statusCode).toBe(400);
    }
    const refused = await send(testApp(), 'register', 'Popular', 'a long enough passphrase', '10.6.1.1');
    expect(refused.statusCode).toBe(429);
  });
});
