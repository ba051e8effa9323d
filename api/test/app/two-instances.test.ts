import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SyncPage } from '@allstall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAILURE_LIMITS } from '../../src/http/auth-rate-limits.js';
import { KNOWN_DEVICE_COOKIE } from '../../src/http/known-devices.js';
import { signUpPassword } from '../support/fixtures.js';
import { createPostgresSchemaIfAsked, TEST_ADMIN, WRITE_HEADERS } from '../support/helpers.js';
import { startApiProcess, type ApiProcess } from '../reliability/api-process.js';
import { addRestroomOver, logInOver, signUpOver } from '../reliability/sessions-over-http.js';

/*
 * Two api processes on one database, as two instances behind a load balancer: on PostgreSQL when
 * TEST_DATABASE_URL is set, otherwise on one SQLite file (WAL lets processes share it). Nothing an
 * instance keeps in memory may decide what a person sees or may do.
 */

let first: ApiProcess;
let second: ApiProcess;
const dataDirs: string[] = [];
let dropSchema: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const postgres = await createPostgresSchemaIfAsked();
  dropSchema = postgres?.drop;
  const sharedDataDir = mkdtempSync(path.join(tmpdir(), 'allstall-instances-'));
  dataDirs.push(sharedDataDir);
  // On PostgreSQL each instance has a disk of its own; on SQLite the database file is what they share.
  const dataDirFor = () => {
    if (postgres === undefined) return sharedDataDir;
    const own = mkdtempSync(path.join(tmpdir(), 'allstall-instance-'));
    dataDirs.push(own);
    return own;
  };
  const env = {
    DEMO_DATA: '0',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // Instances sign the same cookies, so a session started on one is good on the other.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  // One after the other, as docs/scaling.md says: the first runs the migrations, the second finds none to run.
  first = await startApiProcess({ ...env, DATA_DIR: dataDirFor() });
  second = await startApiProcess({ ...env, DATA_DIR: dataDirFor() });
}, 420_000); // two starts of up to START_TIMEOUT_MS each (reliability/api-process.ts) on a busy machine

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await dropSchema?.();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function get(instance: ApiProcess, url: string, cookie?: string): Promise<Response> {
  return fetch(`${instance.url}${url}`, { headers: cookie === undefined ? {} : { cookie } });
}

/** The whole change feed from `since` on, page by page, as a device pulls it. */
async function pullAll(instance: ApiProcess, since?: string): Promise<{ pages: SyncPage[]; cursor: string }> {
  const pages: SyncPage[] = [];
  let cursor = since;
  for (;;) {
    const response = await get(instance, `/api/sync${cursor === undefined ? '' : `?since=${encodeURIComponent(cursor)}`}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as SyncPage;
    pages.push(page);
    cursor = page.cursor;
    if (!page.more) return { pages, cursor };
  }
}

describe('two api instances on one database', () => {
  it('a login on one is a session on the other; a write through one is read through the other; both feeds agree', async () => {
    const before = await pullAll(first);

    const person = await signUpOver(first.url, 'two-instances');
    const admin = await logInOver(first.url, TEST_ADMIN);
    const whoOnSecond = await get(second, '/api/user', person.cookie);
    expect(whoOnSecond.status).toBe(200);
    expect(await whoOnSecond.json()).toMatchObject({ id: person.id, username: 'two-instances' });

    const pendingId = await addRestroomOver(second.url, person, 'Added Through The Second');
    const approve = await fetch(`${second.url}/api/bathrooms/${pendingId}`, {
      method: 'PATCH',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json', cookie: admin.cookie },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(approve.status).toBe(200);

    const readOnFirst = await get(first, `/api/bathrooms/${pendingId}`);
    expect(readOnFirst.status).toBe(200);
    expect(await readOnFirst.json()).toMatchObject({ id: pendingId, name: 'Added Through The Second', status: 'approved' });

    const [fromFirst, fromSecond] = await Promise.all([pullAll(first, before.cursor), pullAll(second, before.cursor)]);
    expect(fromSecond).toEqual(fromFirst);
    expect(fromFirst.pages.flatMap((page) => page.restrooms.map((restroom) => restroom.id))).toEqual([pendingId]);
    const fullFirst = await pullAll(first);
    expect(await pullAll(second)).toEqual(fullFirst);

    // Logging out through the second ends the session the first started.
    const logout = await fetch(`${second.url}/api/user/logout`, { method: 'POST', headers: { ...WRITE_HEADERS, cookie: person.cookie } });
    expect(logout.status).toBe(204);
    expect((await get(first, '/api/user', person.cookie)).status).toBe(401);
  });

  it('failed logins count across both: guesses spread over the instances still reach the limit', async () => {
    const { max } = AUTH_FAILURE_LIMITS.login.perUsername;
    await signUpOver(first.url, 'guarded');
    for (let attempt = 0; attempt < max; attempt++) {
      const instance = attempt % 2 === 0 ? first : second;
      const response = await fetch(`${instance.url}/api/user/login`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'guarded', password: `wrong guess ${attempt} of many` }),
      });
      expect(response.status).toBe(401);
    }
    for (const instance of [first, second]) {
      const response = await fetch(`${instance.url}/api/user/login`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'guarded', password: 'one more wrong guess' }),
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a device one instance marked as known gets its owner in through the other while the name is locked', async () => {
    const login = (instance: ApiProcess, password: string, cookie?: string) =>
      fetch(`${instance.url}/api/user/login`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
        body: JSON.stringify({ username: 'device-owner', password }),
      });
    const signedUp = await fetch(`${first.url}/api/user/register`, {
      method: 'POST',
      headers: { ...WRITE_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'device-owner', password: signUpPassword('device-owner') }),
    });
    expect(signedUp.status).toBe(201);
    const deviceCookie = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0] ?? '')
      .find((pair) => pair.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
    expect(deviceCookie).toBeDefined();
    for (let attempt = 0; attempt < AUTH_FAILURE_LIMITS.login.perUsername.max; attempt++) {
      expect((await login(attempt % 2 === 0 ? first : second, `stranger guess ${attempt}`)).status).toBe(401);
    }
    expect((await login(second, signUpPassword('device-owner'))).status).toBe(429);
    expect((await login(second, signUpPassword('device-owner'), deviceCookie)).status).toBe(200);
  });
});
