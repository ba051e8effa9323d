import { FEED_VERSION_HEADER, type ConfirmationResult } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * 'Still there' (POST /api/confirmations, docs/product-rules.md#fresh-or-stale): any signed-in
 * person may confirm a restroom, once a day on the restroom's clocks; a counted one moves
 * `last_confirmed_at` and reaches every device through the feed.
 */

const testApp = useTestApp();
let user: Person;
let otherUser: Person;
let admin: Person;

beforeAll(async () => {
  const { app } = testApp();
  user = await signUp(app, 'Still There');
  otherUser = await signUp(app, 'Also There');
  admin = await signInAdmin(app);
});

afterEach(() => {
  vi.useRealTimers();
});

function confirm(restroomId: string, as?: Person, key: string = uuidv7()) {
  return write(testApp().app, '/api/confirmations', { payload: { restroom_id: restroomId }, key, ...(as === undefined ? {} : { as }) });
}

async function confirmed(restroomId: string, as: Person, key?: string): Promise<ConfirmationResult> {
  const response = await confirm(restroomId, as, key);
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<ConfirmationResult>();
  expect(response.headers[FEED_VERSION_HEADER.toLowerCase()]).toBe(result.version);
  return result;
}

async function storedDays(restroomId: string): Promise<string[]> {
  const rows = await testApp().app.db.selectFrom('confirmations').select('day').where('restroom_id', '=', restroomId).orderBy('day').execute();
  return rows.map((row) => row.day);
}

/** Pins the clock (only Date: the app's timers keep running). */
function at(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('POST /api/confirmations', () => {
  it('tells a guest 401 and lets a user, another user and an admin each confirm the same day', async () => {
    const restroomId = await insertRestroom(testApp().app.db);
    expect((await confirm(restroomId)).statusCode).toBe(401);
    expect((await confirmed(restroomId, user)).counted).toBe(true);
    expect((await confirmed(restroomId, otherUser)).counted).toBe(true);
    expect((await confirmed(restroomId, admin)).counted).toBe(true);
    expect(await storedDays(restroomId)).toHaveLength(3);
  });

  it('counts once a day per person: a second one that day answers counted false and changes nothing', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const first = await confirmed(restroomId, user);
    expect(first.counted).toBe(true);
    expect(first.restroom.last_confirmed_at).not.toBeNull();
    const { cursor } = await pull(app);

    const second = await confirmed(restroomId, user);
    expect(second).toMatchObject({ counted: false, version: first.version });
    expect(second.restroom.last_confirmed_at).toBe(first.restroom.last_confirmed_at);
    expect((await pull(app, cursor)).restrooms).toEqual([]);
    expect(await storedDays(restroomId)).toHaveLength(1);
  });

  it('moves last_confirmed_at at a new feed version that devices pull', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { last_confirmed_at: null });
    const { cursor } = await pull(app);
    const result = await confirmed(restroomId, user);
    expect(Number(result.version)).toBeGreaterThan(Number(cursor));
    const page = await pull(app, cursor);
    expect(page.restrooms.map((restroom) => [restroom.id, restroom.last_confirmed_at])).toEqual([[restroomId, result.restroom.last_confirmed_at]]);
    expect(Date.parse(result.restroom.last_confirmed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a repeated Idempotency-Key with the first answer, and records the confirmation once', async () => {
    const restroomId = await insertRestroom(testApp().app.db);
    const key = uuidv7();
    const first = await confirmed(restroomId, user, key);
    const again = await confirmed(restroomId, user, key);
    expect(again).toEqual(first);
    expect(first.counted).toBe(true);
    expect(await storedDays(restroomId)).toHaveLength(1);
  });

  it('counts again the next day, the day read on the restroom’s own clocks', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { time_zone: 'America/Denver' });
    // 23:30 on 31 May in Denver (05:30 UTC on 1 June).
    at('2026-06-01T05:30:00Z');
    const lateEvening = await confirmed(restroomId, user);
    expect(lateEvening.counted).toBe(true);
    // 00:30 on 1 June in Denver: the same UTC day, but the next day there.
    at('2026-06-01T06:30:00Z');
    const nextDay = await confirmed(restroomId, user);
    expect(nextDay.counted).toBe(true);
    expect(Number(nextDay.version)).toBeGreaterThan(Number(lateEvening.version));
    expect(nextDay.restroom.last_confirmed_at).toBe('2026-06-01T06:30:00.000Z');
    // Later that Denver day: already counted.
    at('2026-06-02T05:00:00Z');
    expect((await confirmed(restroomId, user)).counted).toBe(false);
    expect(await storedDays(restroomId)).toEqual(['2026-05-31', '2026-06-01']);
  });

  it('reads the day on the region’s clocks for a restroom without a zone', async () => {
    const restroomId = await insertRestroom(testApp().app.db, { time_zone: null, latitude: null, longitude: null });
    // 03:00 UTC on 2 June is still 1 June in Minneapolis (the default region's America/Chicago).
    at('2026-06-02T03:00:00Z');
    expect((await confirmed(restroomId, user)).counted).toBe(true);
    expect(await storedDays(restroomId)).toEqual(['2026-06-01']);
  });

  it('answers 404 naming restroom_id for a hidden or unknown restroom, and changes nothing', async () => {
    const { app } = testApp();
    const pending = await insertRestroom(app.db, { status: 'pending', version: 0 });
    const removed = await insertRestroom(app.db, { is_removed: 1 });
    for (const id of [pending, removed, uuidv7()]) {
      const response = await confirm(id, user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ field: 'restroom_id' });
      expect(await storedDays(id)).toEqual([]);
    }
    const stored = await app.db.selectFrom('restrooms').select(['last_confirmed_at', 'version']).where('id', '=', pending).executeTakeFirstOrThrow();
    expect(stored).toEqual({ last_confirmed_at: null, version: 0 });
  });

  it.each([
    ['a restroom id that is not a UUID', { restroom_id: 'nope' }, 'restroom_id'],
    ['no restroom id', {}, 'restroom_id'],
    ['an unknown field', { restroom_id: uuidv7(), user_id: uuidv7() }, 'user_id'],
  ])('answers 400 for %s, naming the field', async (_what, payload, field) => {
    const response = await write(testApp().app, '/api/confirmations', { as: user, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });
});
