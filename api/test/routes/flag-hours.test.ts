import type { FlagDecisionResult, FlagReview, HoursRange, Restroom } from '@allstall/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { flagBody, insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { raiseFlag } from '../support/moderation-fixtures.js';

/* Suggested hours (docs/product-rules.md#suggested-changes): proposed with a flag, set beside the original for an admin, applied on approval. */

const testApp = useTestApp();
let admin: Person;
let flagger: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  flagger = await signUp(app, 'Robin');
});

/** Monday to Friday, 9am to 5pm: the restroom's hours before anyone suggests others. */
const WEEKDAYS: HoursRange[] = [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 }));
/** What the flagger proposes: weekdays 8am to 8pm, Saturday 10am to 2pm. */
const PROPOSED: HoursRange[] = [...[1, 2, 3, 4, 5].map((day) => ({ day, open: 800, close: 2000 })), { day: 6, open: 1000, close: 1400 }];

async function restroomWithHours(hours: readonly HoursRange[] = WEEKDAYS): Promise<string> {
  const { app } = testApp();
  const id = await insertRestroom(app.db);
  await app.db.insertInto('opening_hours').values(hours.map((range) => ({ restroom_id: id, ...range }))).execute();
  return id;
}

async function openFlag(id: string): Promise<FlagReview | undefined> {
  const response = await testApp().app.inject({ method: 'GET', url: '/api/flags', headers: { cookie: admin.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<FlagReview[]>().find((flag) => flag.id === id);
}

async function publicHours(id: string): Promise<Restroom['hours']> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<Restroom>().hours;
}

function approve(flagId: string) {
  return write(testApp().app, `/api/flags/${flagId}`, { method: 'PATCH', as: admin, payload: { status: 'approved' } });
}

const byDay = (hours: Restroom['hours']) => [...(hours ?? [])].sort((a, b) => a.day - b.day || a.open - b.open);

describe('suggested hours', () => {
  it('are stored with the flag and shown to an admin beside the hours the restroom had', async () => {
    const restroomId = await restroomWithHours();
    const flagId = await raiseFlag(testApp().app, flagger, restroomId, { hours: PROPOSED });

    const flag = await openFlag(flagId);
    expect(byDay(flag?.proposed.hours ?? null)).toEqual(PROPOSED);
    expect(byDay(flag?.original.hours ?? null)).toEqual(WEEKDAYS);
    expect(flag?.changed).toContain('hours');
  });

  it('do not count as a change when they are the restroom’s own, listed in another order', async () => {
    const restroomId = await restroomWithHours();
    const flagId = await raiseFlag(testApp().app, flagger, restroomId, { hours: [...WEEKDAYS].reverse() });
    expect((await openFlag(flagId))?.changed).not.toContain('hours');
  });

  it('replace the restroom’s week on approval, in a new feed version that devices pull', async () => {
    const { app } = testApp();
    const restroomId = await restroomWithHours();
    const flagId = await raiseFlag(app, flagger, restroomId, { hours: PROPOSED });
    const { cursor } = await pull(app);

    const response = await approve(flagId);
    expect(response.statusCode).toBe(200);
    const result = response.json<FlagDecisionResult>();
    expect(result.version).not.toBeNull();
    expect(Number(result.version)).toBeGreaterThan(Number(cursor));
    expect(byDay(result.restroom.hours)).toEqual(PROPOSED);

    expect(byDay(await publicHours(restroomId))).toEqual(PROPOSED);
    const page = await pull(app, cursor);
    const pulled = page.restrooms.find((restroom) => restroom.id === restroomId);
    expect(byDay(pulled?.hours ?? null)).toEqual(PROPOSED);
  });

  it('may say the hours are unknown, which clears them on approval', async () => {
    const restroomId = await restroomWithHours();
    const flagId = await raiseFlag(testApp().app, flagger, restroomId, { hours: null });
    const flag = await openFlag(flagId);
    expect(flag?.proposed.hours).toBeNull();
    expect(flag?.changed).toEqual(['name', 'accessible', 'menstrual_products', 'hours']);

    expect((await approve(flagId)).statusCode).toBe(200);
    expect(await publicHours(restroomId)).toBeNull();
  });

  it('are left alone by a flag without them, as an older app sends', async () => {
    const restroomId = await restroomWithHours();
    const flagId = await raiseFlag(testApp().app, flagger, restroomId);
    const flag = await openFlag(flagId);
    expect(flag?.proposed).not.toHaveProperty('hours');
    expect(flag?.changed).not.toContain('hours');

    expect((await approve(flagId)).statusCode).toBe(200);
    expect(byDay(await publicHours(restroomId))).toEqual(WEEKDAYS);
  });

  it.each([
    ['a closing time that is not a time of day', [{ day: 1, open: 900, close: 1700 }, { day: 2, open: 900, close: 1275 }], 'hours.1.close', 'Tuesday'],
    ['the same opening and closing time', [{ day: 3, open: 800, close: 800 }], 'hours.0.close', 'Wednesday'],
    ['overlapping ranges', [{ day: 5, open: 900, close: 1300 }, { day: 5, open: 1200, close: 1700 }], 'hours.1', 'Friday'],
  ])('are refused with a 400 naming the range and the day for %s, and no flag is raised', async (_case, hours, field, day) => {
    const { app } = testApp();
    const restroomId = await restroomWithHours();
    const response = await write(app, '/api/flags', { as: flagger, payload: { ...flagBody(restroomId), hours } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
    expect(response.json<{ message: string }>().message).toContain(day);
    const stored = await app.db.selectFrom('flags').select('id').where('restroom_id', '=', restroomId).execute();
    expect(stored).toEqual([]);
  });

  it('are refused with a 400 naming the field when they are not a week at all', async () => {
    const restroomId = await restroomWithHours();
    const response = await write(testApp().app, '/api/flags', { as: flagger, payload: { ...flagBody(restroomId), hours: [{ day: 7, open: 900, close: 1700 }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ field: string }>().field).toMatch(/^hours/);
  });
});
