import type { AccountSessionList } from '@allstall/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anotherSession, LAPTOP_AGENT, logIn, PHONE_AGENT, readAs } from '../support/account-fixtures.js';
import { signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { sessionCookieFrom, useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

async function sessionsOf(as: Person): Promise<AccountSessionList> {
  const response = await readAs(testApp().app, '/api/user/sessions', as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountSessionList>();
}

/** Signs a new person in on the laptop (by login, so the session knows its browser) and on the phone. */
async function personOnTwoDevices(username: string): Promise<{ laptop: Person; phone: Person }> {
  const { app } = testApp();
  await signUp(app, username);
  const login = await logIn(app, { username, password: signUpPassword(username) }, LAPTOP_AGENT);
  const laptop = { id: login.json<{ id: string }>().id, cookie: sessionCookieFrom(login)! };
  const phone = await anotherSession(app, username, PHONE_AGENT);
  return { laptop, phone };
}

describe('GET /api/user/sessions', () => {
  it('lists the person’s devices by name, the one asking first and marked current, and never a cookie’s id', async () => {
    const { laptop, phone } = await personOnTwoDevices('Sam Sessions');
    await signUp(testApp().app, 'Sam Stranger');

    const fromLaptop = await sessionsOf(laptop);
    // The sign-up's own session is the third.
    expect(fromLaptop).toHaveLength(3);
    expect(fromLaptop[0]).toMatchObject({ device: 'Firefox on macOS', browser: 'Firefox', os: 'macOS', current: true });
    expect(fromLaptop.filter((session) => session.current)).toHaveLength(1);
    expect(fromLaptop.map((session) => session.device)).toContain('Chrome on Android');

    const fromPhone = await sessionsOf(phone);
    expect(fromPhone[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(new Set(fromPhone.map((session) => session.id))).toEqual(new Set(fromLaptop.map((session) => session.id)));
    const cookieIds = [laptop, phone].map((person) => decodeURIComponent(person.cookie.slice('allstall_sid='.length)).split('.')[0]);
    for (const session of fromLaptop) expect(cookieIds).not.toContain(session.id);
  });

  it('tells when each device was last used, written at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const { laptop, phone } = await personOnTwoDevices('Sam Clock');
    const phoneRow = async () => (await sessionsOf(laptop)).find((session) => session.device === 'Chrome on Android')!;
    expect((await phoneRow()).last_used_at).toBe('2026-11-28T12:00:00.000Z');

    vi.setSystemTime(new Date('2026-11-28T12:00:30Z'));
    await readAs(testApp().app, '/api/user', phone);
    expect((await phoneRow()).last_used_at).toBe('2026-11-28T12:00:00.000Z');

    vi.setSystemTime(new Date('2026-11-28T12:05:00Z'));
    await readAs(testApp().app, '/api/user', phone);
    expect((await phoneRow()).last_used_at).toBe('2026-11-28T12:05:00.000Z');
  });

  it('tells a guest to log in', async () => {
    expect((await readAs(testApp().app, '/api/user/sessions')).statusCode).toBe(401);
  });
});

describe('DELETE /api/user/sessions/:id', () => {
  it('signs the other device out: its cookie gets 401, this one goes on', async () => {
    const { laptop, phone } = await personOnTwoDevices('Sam Revoker');
    const phoneSession = (await sessionsOf(laptop)).find((session) => session.device === 'Chrome on Android')!;
    const response = await write(testApp().app, `/api/user/sessions/${phoneSession.id}`, { method: 'DELETE', as: laptop });
    expect(response.statusCode, response.body).toBe(204);
    expect((await readAs(testApp().app, '/api/user', phone)).statusCode).toBe(401);
    expect((await readAs(testApp().app, '/api/user', laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((session) => session.id)).not.toContain(phoneSession.id);
  });

  it('answers 404 for another person’s session, which stays', async () => {
    const { laptop } = await personOnTwoDevices('Sam Owner');
    const { phone: strangersPhone } = await personOnTwoDevices('Sam Other');
    const strangersSession = (await sessionsOf(strangersPhone))[0]!;
    const response = await write(testApp().app, `/api/user/sessions/${strangersSession.id}`, { method: 'DELETE', as: laptop });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'session.notFound', field: 'id' });
    expect((await readAs(testApp().app, '/api/user', strangersPhone)).statusCode).toBe(200);
  });

  it('signing out this device itself is logging out', async () => {
    const { laptop } = await personOnTwoDevices('Sam Self');
    const own = (await sessionsOf(laptop))[0]!;
    const response = await write(testApp().app, `/api/user/sessions/${own.id}`, { method: 'DELETE', as: laptop });
    expect(response.statusCode).toBe(204);
    expect(sessionCookieFrom(response)).toBeUndefined();
    expect((await readAs(testApp().app, '/api/user', laptop)).statusCode).toBe(401);
  });

  it('names a malformed id', async () => {
    const { laptop } = await personOnTwoDevices('Sam Malformed');
    const response = await write(testApp().app, '/api/user/sessions/not-an-id', { method: 'DELETE', as: laptop });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});

describe('POST /api/user/sessions/end-others', () => {
  it('signs every other device out and keeps this one', async () => {
    const { laptop, phone } = await personOnTwoDevices('Sam Everywhere');
    const bystander = await signUp(testApp().app, 'Sam Bystander');
    const response = await write(testApp().app, '/api/user/sessions/end-others', { as: phone });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 2 });
    expect((await readAs(testApp().app, '/api/user', laptop)).statusCode).toBe(401);
    expect((await readAs(testApp().app, '/api/user', phone)).statusCode).toBe(200);
    expect((await readAs(testApp().app, '/api/user', bystander)).statusCode).toBe(200);
    expect(await sessionsOf(phone)).toEqual([expect.objectContaining({ current: true, device: 'Chrome on Android' })]);
  });
});
