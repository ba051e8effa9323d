import {
  HOURS_RANGES_PER_DAY_MAX,
  RESTROOM_NAME_MAX_LENGTH,
  type NearbyRestroom,
  type NewRestroomReceipt,
  type Restroom,
  type RestroomDetail,
  type SyncPage,
} from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { newRestroomBody, pull, signInAdmin, signUp, WALKER, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

type Body = ReturnType<typeof newRestroomBody>;

function withRestroom(change: Record<string, unknown>): Body {
  const body = newRestroomBody();
  return { ...body, bathroomToAdd: { ...body.bathroomToAdd, ...change } };
}

function addRestroom(as: Person | undefined, payload: object, key?: string) {
  return write(testApp().app, '/api/bathrooms', {
    payload,
    ...(as === undefined ? {} : { as }),
    ...(key === undefined ? {} : { key }),
  });
}

async function storedRestroom(id: string) {
  return testApp().app.db.selectFrom('restrooms').selectAll().where('id', '=', id).executeTakeFirst();
}

async function storedComments(restroomId: string) {
  return testApp()
    .app.db.selectFrom('comments')
    .select(['id', 'user_id', 'content', 'version'])
    .where('restroom_id', '=', restroomId)
    .execute();
}

async function get(url: string, as?: Person) {
  return testApp().app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
}

/** Every restroom and comment id a device would hear of, as a row or as a departure, walking the whole feed. */
function idsIn(...pages: SyncPage[]): string[] {
  return pages.flatMap((page) => [
    ...page.restrooms.map((restroom) => restroom.id),
    ...page.comments.map((comment) => comment.id),
    ...page.deleted.restrooms,
    ...page.deleted.comments,
  ]);
}

describe('POST /api/bathrooms', () => {
  it('stores a person’s restroom as pending under the key, with its split address, hours and comment', async () => {
    const { app } = testApp();
    const rio = await signUp(app, 'Rio');
    const before = await pull(app);
    const seqBefore = await readMeta(app.db, 'seq');
    const key = uuidv7();

    const response = await addRestroom(rio, newRestroomBody(), key);
    expect(response.statusCode).toBe(201);
    const { restroom } = response.json<NewRestroomReceipt>();
    expect(restroom).toEqual({
      id: key,
      name: 'Walker Art Center',
      street: '725 Vineland Place',
      city: 'Minneapolis',
      state: 'MN',
      country: '',
      ...WALKER,
      // Looked up from the position: the restroom's hours are read on Minneapolis's clock.
      time_zone: 'America/Chicago',
      unisex: true,
      accessible: true,
      changing_table: true,
      is_single_stall: true,
      // Not asked (menstrual_products and fee absent), and the legacy is_public false: all unknown.
      menstrual_products: null,
      access: null,
      fee: null,
      is_removed: false,
      status: 'pending',
      upvotes: 0,
      downvotes: 0,
      last_confirmed_at: null,
      hours: [
        { day: 2, open: 1100, close: 1700 },
        { day: 4, open: 1100, close: 2100 },
        { day: 6, open: 1000, close: 100 },
      ],
      place_id: 'osm:W123456',
      source: 'user',
      username: 'Rio',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Date.parse(restroom.created_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(await storedRestroom(key)).toMatchObject({
      added_by: rio.id,
      admin_comment: 'The code is 4321; please keep it off the listing.',
      source_id: null,
    });
    expect(await storedComments(key)).toEqual([
      { id: expect.any(String), user_id: rio.id, content: 'Gender-neutral rooms on the lower level.', version: 0 },
    ]);
    // The admin's note stays with the admins: not in the person's receipt, nor in their list.
    expect(response.body).not.toContain('4321');
    expect((await get(`/api/users/${rio.id}/restrooms`, rio)).body).not.toContain('4321');

    // Waiting for review: nowhere public, not even as a departure in a later pull.
    expect(await readMeta(app.db, 'seq')).toBe(seqBefore);
    expect((await get(`/api/bathrooms/${key}`)).statusCode).toBe(404);
    expect((await get('/api/bathrooms')).json<Restroom[]>().map((listed) => listed.id)).not.toContain(key);
    const nearby = await get(`/api/bathrooms/nearby?lat=${WALKER.latitude}&lng=${WALKER.longitude}`);
    expect(nearby.json<NearbyRestroom[]>().map((listed) => listed.id)).not.toContain(key);
    const [comment] = await storedComments(key);
    const heard = idsIn(await pull(app), await pull(app, before.cursor));
    expect(heard).not.toContain(key);
    expect(heard).not.toContain(comment?.id);
  });

  it('brings a pending restroom and its comment to every device once an admin approves it', async () => {
    const { app } = testApp();
    const ash = await signUp(app, 'Ash');
    const key = uuidv7();
    await addRestroom(ash, newRestroomBody(), key);
    const before = await pull(app);

    expect(await updateRestroom(app.db, key, { status: 'approved' }, Date.now())).toBe(true);
    const next = await pull(app, before.cursor);
    expect(next.restrooms.map((restroom) => [restroom.id, restroom.status, restroom.hours?.length])).toEqual([[key, 'approved', 3]]);
    expect(next.comments.map((comment) => comment.content)).toEqual(['Gender-neutral rooms on the lower level.']);
  });

  it('approves an admin’s restroom at once and puts it, its hours and its comment in the change feed', async () => {
    const { app } = testApp();
    const admin = await signInAdmin(app);
    const before = await pull(app);
    const key = uuidv7();

    const response = await addRestroom(admin, newRestroomBody(), key);
    expect(response.statusCode).toBe(201);
    const { restroom } = response.json<NewRestroomReceipt>();
    expect(restroom).toMatchObject({ id: key, status: 'approved', source: 'user', username: 'admin' });

    const next = await pull(app, before.cursor);
    expect(next.restrooms).toEqual([restroom]);
    expect(next.restrooms[0]?.hours).toHaveLength(3);
    expect(next.comments).toEqual([expect.objectContaining({ restroom_id: key, content: 'Gender-neutral rooms on the lower level.' })]);
    expect(next.cursor).toBe(String(await readMeta(app.db, 'seq')));

    const detail = (await get(`/api/bathrooms/${key}`)).json<RestroomDetail>();
    expect(detail).toMatchObject({ id: key, status: 'approved', comments: [{ content: 'Gender-neutral rooms on the lower level.' }] });
    expect(JSON.stringify(detail)).not.toContain('4321');
  });

  it('without a comment, hours or position stores none, and the region’s state stands in for a missing one', async () => {
    const { app } = testApp();
    const bo = await signUp(app, 'Bo');
    const payload = {
      ...withRestroom({ formatted_address: 'Mall of America', comment: '   ', commentForAdmin: '', latitude: null, longitude: null }),
      bathroomHours: null,
    };
    const response = await addRestroom(bo, payload);
    expect(response.statusCode).toBe(201);
    const { restroom } = response.json<NewRestroomReceipt>();
    expect(restroom).toMatchObject({ street: 'Mall of America', city: '', state: 'MN', hours: null, latitude: null, longitude: null });
    expect(restroom.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await storedComments(restroom.id)).toEqual([]);
    expect(await storedRestroom(restroom.id)).toMatchObject({ admin_comment: null, place_id: 'osm:W123456' });
  });

  it('adds the restroom once when the same key is sent twice, answering the first answer again', async () => {
    const { app } = testApp();
    const cy = await signUp(app, 'Cy');
    const key = uuidv7();

    const first = await addRestroom(cy, newRestroomBody(), key);
    const second = await addRestroom(cy, newRestroomBody(), key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await app.db.selectFrom('restrooms').select('id').where('added_by', '=', cy.id).execute()).toEqual([{ id: key }]);
    expect(await storedComments(key)).toHaveLength(1);
    const hours = await app.db.selectFrom('opening_hours').select('day').where('restroom_id', '=', key).execute();
    expect(hours).toHaveLength(3);
  });

  it('accepts the restroom’s own id when it is the key, and uses it as the key when the header is missing', async () => {
    const { app } = testApp();
    const di = await signUp(app, 'Di');
    const key = uuidv7();
    const sameAsKey = await addRestroom(di, withRestroom({ id: key.toUpperCase() }), key);
    expect(sameAsKey.statusCode).toBe(201);
    expect(sameAsKey.json<NewRestroomReceipt>().restroom.id).toBe(key);

    const id = uuidv7();
    const first = await addRestroom(di, withRestroom({ id }));
    const again = await addRestroom(di, withRestroom({ id }));
    expect(first.json<NewRestroomReceipt>().restroom.id).toBe(id);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await app.db.selectFrom('restrooms').select('id').where('added_by', '=', di.id).execute()).toHaveLength(2);
  });

  const overlapping = [{ day: 3, open: 900, close: 1400 }, { day: 3, open: 1300, close: 1800 }];
  const tooMany = Array.from({ length: HOURS_RANGES_PER_DAY_MAX + 1 }, (_, index) => ({ day: 1, open: 800 + index * 200, close: 900 + index * 200 }));
  it.each([
    ['a blank name', 'bathroomToAdd.name', withRestroom({ name: ' \n ' })],
    ['a missing name', 'bathroomToAdd.name', withRestroom({ name: undefined })],
    ['a name over the limit', 'bathroomToAdd.name', withRestroom({ name: 'n'.repeat(RESTROOM_NAME_MAX_LENGTH + 1) })],
    ['a NUL character in the name', 'bathroomToAdd.name', withRestroom({ name: 'Walker\u0000' })],
    ['a blank address', 'bathroomToAdd.formatted_address', withRestroom({ formatted_address: '   ' })],
    ['a latitude without a longitude', 'bathroomToAdd.longitude', withRestroom({ longitude: null })],
    ['a longitude without a latitude', 'bathroomToAdd.latitude', withRestroom({ latitude: null })],
    ['a latitude past the pole', 'bathroomToAdd.latitude', withRestroom({ latitude: 91 })],
    ['a malformed place id', 'bathroomToAdd.placeID', withRestroom({ placeID: 'ChIJ123' })],
    ['an id that is not the key', 'bathroomToAdd.id', withRestroom({ id: uuidv7() })],
    ['an unknown restroom field', 'bathroomToAdd.status', withRestroom({ status: 'approved' })],
    ['a user id in the restroom', 'bathroomToAdd.user_id', withRestroom({ user_id: uuidv7() })],
    ['an unknown top-level field', 'approved', { ...newRestroomBody(), approved: true }],
    ['missing hours', 'bathroomHours', { bathroomToAdd: newRestroomBody().bathroomToAdd }],
    ['open equal to close', 'bathroomHours.0.close', { ...newRestroomBody(), bathroomHours: [{ day: 1, open: 900, close: 900 }] }],
    ['a time with 75 minutes', 'bathroomHours.0.open', { ...newRestroomBody(), bathroomHours: [{ day: 1, open: 975, close: 1700 }] }],
    ['overlapping ranges on one day', 'bathroomHours.1', { ...newRestroomBody(), bathroomHours: overlapping }],
    ['too many ranges on one day', `bathroomHours.${HOURS_RANGES_PER_DAY_MAX}`, { ...newRestroomBody(), bathroomHours: tooMany }],
    ['a day past Saturday', 'bathroomHours.0.day', { ...newRestroomBody(), bathroomHours: [{ day: 7, open: 900, close: 1700 }] }],
  ])('answers 400 for %s, naming %s, and stores nothing', async (_case, field, payload) => {
    const { app } = testApp();
    const eli = await signUp(app, `Eli ${uuidv7()}`);
    const response = await addRestroom(eli, payload, uuidv7());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    expect(await app.db.selectFrom('restrooms').select('id').where('added_by', '=', eli.id).execute()).toEqual([]);
  });

  it('tells a guest to log in, storing nothing', async () => {
    const { app } = testApp();
    const key = uuidv7();
    const response = await addRestroom(undefined, newRestroomBody(), key);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, message: 'Log in first.' });
    expect(await storedRestroom(key)).toBeUndefined();
    expect(await app.db.selectFrom('applied_writes').select('idempotency_key').where('idempotency_key', '=', key).execute()).toEqual([]);
  });
});

describe('GET /api/users/:id/restrooms', () => {
  it('lists what a person added, newest first, pending, approved, rejected and removed alike', async () => {
    const { app } = testApp();
    const fay = await signUp(app, 'Fay');
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third', 'Fourth']) {
      const response = await addRestroom(fay, withRestroom({ name }));
      ids.push(response.json<NewRestroomReceipt>().restroom.id);
    }
    const [first = '', second = '', third = ''] = ids;
    await updateRestroom(app.db, first, { status: 'approved' }, Date.now());
    await updateRestroom(app.db, second, { status: 'rejected' }, Date.now());
    await updateRestroom(app.db, third, { status: 'approved', is_removed: true }, Date.now());
    await addRestroom(await signUp(app, 'Someone Else'), newRestroomBody());

    const response = await get(`/api/users/${fay.id.toUpperCase()}/restrooms`, fay);
    expect(response.statusCode).toBe(200);
    const listed = response.json<Restroom[]>();
    expect(listed.map((restroom) => [restroom.name, restroom.status, restroom.is_removed])).toEqual([
      ['Fourth', 'pending', false],
      ['Third', 'approved', true],
      ['Second', 'rejected', false],
      ['First', 'approved', false],
    ]);
    expect(listed[0]?.hours).toHaveLength(3);
  });

  it('answers an empty list to a person who added nothing', async () => {
    const { app } = testApp();
    const gus = await signUp(app, 'Gus');
    const response = await get(`/api/users/${gus.id}/restrooms`, gus);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('shows an admin anyone’s list, and answers 404 for no such person', async () => {
    const { app } = testApp();
    const hal = await signUp(app, 'Hal');
    const key = uuidv7();
    await addRestroom(hal, newRestroomBody(), key);
    const admin = await signInAdmin(app);

    const response = await get(`/api/users/${hal.id}/restrooms`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<Restroom[]>().map((restroom) => [restroom.id, restroom.status])).toEqual([[key, 'pending']]);
    const nobody = await get(`/api/users/${uuidv7()}/restrooms`, admin);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ field: 'id' });
  });

  it('refuses another person with 403 and a guest with 401, showing nothing', async () => {
    const { app } = testApp();
    const ivy = await signUp(app, 'Ivy');
    await addRestroom(ivy, newRestroomBody());
    const other = await signUp(app, 'Jem');

    const forbidden = await get(`/api/users/${ivy.id}/restrooms`, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ statusCode: 403, field: 'id' });
    expect(forbidden.body).not.toContain('Walker');
    const guest = await get(`/api/users/${ivy.id}/restrooms`);
    expect(guest.statusCode).toBe(401);
    expect((await get('/api/users/not-a-uuid/restrooms')).statusCode).toBe(401);
    expect((await get('/api/users/not-a-uuid/restrooms', other)).json()).toMatchObject({ statusCode: 400, field: 'id' });
  });
});
