import type { FlagDecisionResult, FlagReview, Restroom } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { logEntriesFor, raiseFlag, signUpAdmin } from '../support/moderation-fixtures.js';

const testApp = useTestApp();
let admin: Person;
let otherAdmin: Person;
let flagger: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  otherAdmin = await signUpAdmin(app, 'Jordan');
  flagger = await signUp(app, 'Kim');
});

function decide(as: Person, flagId: string, payload: object, key?: string) {
  return write(testApp().app, `/api/flags/${flagId}`, { method: 'PATCH', as, payload, ...(key === undefined ? {} : { key }) });
}

async function openFlags(): Promise<FlagReview[]> {
  const response = await testApp().app.inject({ method: 'GET', url: '/api/flags', headers: { cookie: admin.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<FlagReview[]>();
}

async function publicRestroom(id: string): Promise<Restroom | undefined> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/${id}` });
  return response.statusCode === 200 ? response.json<Restroom>() : undefined;
}

async function storedFlag(id: string) {
  return testApp().app.db.selectFrom('flags').select(['status', 'resolved_by', 'resolved_at']).where('id', '=', id).executeTakeFirst();
}

/** The test flag body's listing fields, as the original restroom (`insertRestroom`'s defaults) has them. */
const ORIGINAL = {
  name: 'Test Cafe',
  street: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  unisex: true,
  accessible: false,
  changing_table: false,
  is_single_stall: false,
  menstrual_products: false,
  access: null,
  fee: null,
  is_closed: false,
};

describe('GET /api/flags', () => {
  it('lists open flags oldest first: who flagged, when, the proposal above the original, and what changed', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const first = await raiseFlag(app, flagger, restroomId, { name: 'Test Cafe (upstairs)', accessible: true });
    const second = await raiseFlag(app, flagger, restroomId, { name: '', street: '', is_closed: true });
    const decided = await raiseFlag(app, flagger, restroomId);
    await decide(admin, decided, { status: 'rejected' });
    // The original is the restroom as it was when flagged, not as it is now.
    await write(app, `/api/bathrooms/${restroomId}`, { method: 'PATCH', as: admin, payload: { name: 'Renamed Since' } });

    const flags = (await openFlags()).filter((flag) => flag.restroom_id === restroomId);
    expect(flags.map((flag) => flag.id)).toEqual([first, second]);
    expect(flags[0]).toEqual({
      id: first,
      restroom_id: restroomId,
      username: 'Kim',
      created_at: expect.any(String),
      status: 'open',
      proposed: { ...ORIGINAL, name: 'Test Cafe (upstairs)', accessible: true, menstrual_products: true },
      // The original side has the restroom's hours too (none known here); the proposal none, as it suggests no change to them.
      original: { ...ORIGINAL, hours: null },
      changed: ['name', 'accessible', 'menstrual_products'],
      other: 'The code is on the receipt now.',
    });
    expect(flags[1]).toMatchObject({ proposed: { is_closed: true, name: '' }, changed: ['is_closed'] });
  });
});

describe('PATCH /api/flags/:id', () => {
  it('approving applies what the proposal changed; the new name reaches every device', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Test Cafe (upstairs)' });
    const { cursor } = await pull(app);

    const response = await decide(admin, flagId, { status: 'approved' });
    expect(response.statusCode).toBe(200);
    const result = response.json<FlagDecisionResult>();
    expect(result.flag).toEqual({ id: flagId, status: 'approved', resolved_by: 'admin', resolved_at: expect.any(String) });
    expect(result.restroom).toMatchObject({ id: restroomId, name: 'Test Cafe (upstairs)', menstrual_products: true, accessible: true });

    const page = await pull(app, cursor);
    expect(page.restrooms.map((restroom) => [restroom.id, restroom.name])).toEqual([[restroomId, 'Test Cafe (upstairs)']]);
    expect(await storedFlag(flagId)).toMatchObject({ status: 'approved', resolved_by: admin.id });
    expect((await openFlags()).map((flag) => flag.id)).not.toContain(flagId);
  });

  it('applies the admin’s edits over the proposal, and leaves fields the proposal did not change as they are now', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Test Cafe upstairs', accessible: false, menstrual_products: false });
    // Another admin fixed the city after the flag was raised; the flag's old city must not undo it.
    await write(app, `/api/bathrooms/${restroomId}`, { method: 'PATCH', as: otherAdmin, payload: { city: 'St. Paul' } });

    const response = await decide(admin, flagId, { status: 'approved', edits: { name: ' Test Cafe (2nd floor) ', changing_table: true } });
    expect(response.statusCode).toBe(200);
    expect(await publicRestroom(restroomId)).toMatchObject({ name: 'Test Cafe (2nd floor)', changing_table: true, city: 'St. Paul' });
  });

  it('approving a closure removes the restroom from display; devices are told to drop it', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: '', street: '', is_closed: true });
    const { cursor } = await pull(app);

    const response = await decide(admin, flagId, { status: 'approved' });
    expect(response.json<FlagDecisionResult>().restroom).toMatchObject({ is_removed: true, name: 'Test Cafe', street: '1 Main St' });
    expect((await pull(app, cursor)).deleted.restrooms).toEqual([restroomId]);
    expect(await publicRestroom(restroomId)).toBeUndefined();
  });

  it('rejecting closes the flag and changes nothing anyone else sees', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Vandalised Name' });
    const { cursor } = await pull(app);

    const response = await decide(admin, flagId, { status: 'rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json<FlagDecisionResult>()).toMatchObject({ flag: { status: 'rejected' }, version: null, restroom: { name: 'Test Cafe' } });
    expect(await storedFlag(flagId)).toMatchObject({ status: 'rejected', resolved_by: admin.id });
    const page = await pull(app, cursor);
    expect(page.restrooms).toEqual([]);
    expect(page.deleted.restrooms).toEqual([]);
    expect((await publicRestroom(restroomId))?.name).toBe('Test Cafe');
  });

  it('answers 409 "Already handled by NAME." to a second admin deciding the same flag', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'First Verdict Wins' });
    expect((await decide(otherAdmin, flagId, { status: 'rejected' })).statusCode).toBe(200);

    for (const status of ['approved', 'rejected']) {
      const late = await decide(admin, flagId, { status });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ statusCode: 409, message: 'Already handled by Jordan.', field: 'status', code: 'moderation.alreadyHandledBy', params: { name: 'Jordan' } });
    }
    expect((await publicRestroom(restroomId))?.name).toBe('Test Cafe');
    expect(await storedFlag(flagId)).toMatchObject({ status: 'rejected', resolved_by: otherAdmin.id });
  });

  it('lets exactly one of two admins deciding a flag at the same moment win', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Raced Name' });
    const answers = await Promise.all([decide(admin, flagId, { status: 'approved' }), decide(otherAdmin, flagId, { status: 'rejected' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await logEntriesFor(app, flagId)).toHaveLength(1);
  });

  it('answers 409 naming the admin who deleted the flagged restroom, and 404 for a flag that never existed', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId);
    expect((await write(app, `/api/bathrooms/${restroomId}`, { method: 'DELETE', as: otherAdmin })).statusCode).toBe(204);

    const late = await decide(admin, flagId, { status: 'approved' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'Already handled by Jordan.' });
    expect((await logEntriesFor(app, flagId)).map((entry) => [entry.action, entry.actor_id])).toEqual([['flag.delete', otherAdmin.id]]);

    const unknown = await decide(admin, uuidv7(), { status: 'rejected' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'id' });
  });

  it('replays a repeated decision’s first answer and logs it once, with the flag and restroom before and after', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Test Cafe (upstairs)' });
    const key = uuidv7();
    const first = await decide(admin, flagId, { status: 'approved' }, key);
    const again = await decide(admin, flagId, { status: 'approved' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const entries = await logEntriesFor(app, flagId);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.actor_id])).toEqual([['flag.approve', 'flag', admin.id]]);
    const before = JSON.parse(entries[0]?.before_json ?? 'null');
    const after = JSON.parse(entries[0]?.after_json ?? 'null');
    expect(before).toMatchObject({ flag: { id: flagId, status: 'open' }, restroom: { name: 'Test Cafe' } });
    expect(after).toMatchObject({ flag: { status: 'approved' }, changes: { name: 'Test Cafe (upstairs)' }, restroom: { name: 'Test Cafe (upstairs)' } });
  });

  it.each([
    ['a missing status', {}, 'status'],
    ['an unknown status', { status: 'open' }, 'status'],
    ['an unknown field in edits', { status: 'approved', edits: { upvotes: 3 } }, 'edits.upvotes'],
    ['edits with a rejection', { status: 'rejected', edits: { name: 'X' } }, 'edits'],
    ['an edit leaving no name', { status: 'approved', edits: { name: '  ' } }, 'edits.name'],
    ['an unknown field', { status: 'approved', reason: 'spam' }, 'reason'],
  ])('answers 400 for %s, naming %s, and leaves the flag open', async (_case, payload, field) => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, flagger, restroomId, { name: 'Proposed' });
    const response = await decide(admin, flagId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
    expect(await storedFlag(flagId)).toMatchObject({ status: 'open', resolved_by: null });
    expect((await publicRestroom(restroomId))?.name).toBe('Test Cafe');
  });
});
