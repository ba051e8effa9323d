import {
  type FlagReview,
  type ImportResult,
  type NewRestroomReceipt,
  type Restroom,
  type RestroomDecisionResult,
} from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { flagBody, insertRestroom, newRestroomBody, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';
import { importAs, refugeImportRow } from '../support/import-fixtures.js';
import { raiseFlag } from '../support/moderation-fixtures.js';
import { everyPublicRead, getOk } from '../support/public-reads.js';

/*
 * Unknown (null) amenities and access (docs/product-rules.md#what-we-know) survive every write and
 * every read: nothing turns an unknown into "no" on the way.
 */

const testApp = useTestApp({ SNAPSHOT_MAX_AGE_SECONDS: '0' });
let admin: Person;
let person: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  person = await signUp(app, 'Unknown Tester');
});

const UNKNOWN = { unisex: null, accessible: null, changing_table: null, is_single_stall: null, menstrual_products: null, access: null };
const KNOWN = { unisex: true, accessible: false, changing_table: true, is_single_stall: false, menstrual_products: true, access: 'customers' };

const get = <T>(url: string, as?: Person): Promise<T> => getOk<T>(testApp().app, url, as);

/** The restroom as every public read gives it: the feed, the snapshot's compact row, the detail, nearby and the list. */
const everyRead = (id: string): Promise<Restroom[]> => everyPublicRead(testApp().app, id, admin);

function expectEveryRead(reads: Restroom[], values: object): void {
  for (const read of reads) expect(read).toMatchObject(values);
}

describe('unknown amenities and access', () => {
  it('a new restroom keeps unknown from the form through review, approval and every read', async () => {
    const { app } = testApp();
    const body = newRestroomBody();
    const key = uuidv7();
    const added = await write(app, '/api/bathrooms', {
      as: person,
      key,
      payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, unisex: null, accessible: null, changing_table: null, single_stall: null, is_public: undefined } },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<NewRestroomReceipt>().restroom).toMatchObject(UNKNOWN);
    // The admins' queue and the person's own list show it unknown too.
    expect((await get<Restroom[]>('/api/admin/pending', admin)).find((restroom) => restroom.id === key)).toMatchObject(UNKNOWN);
    expect((await get<Restroom[]>(`/api/users/${person.id}/restrooms`, person)).find((restroom) => restroom.id === key)).toMatchObject(UNKNOWN);

    const approved = await write(app, `/api/bathrooms/${key}`, { method: 'PATCH', as: admin, payload: { status: 'approved', ...WALKER_NEAR } });
    expect(approved.statusCode, approved.body).toBe(200);
    expectEveryRead(await everyRead(key), UNKNOWN);
  });

  it('a new restroom takes access when sent, else is_public true as public, and menstrual products when sent', async () => {
    const { app } = testApp();
    const body = newRestroomBody();
    const add = async (extra: object) => {
      const response = await write(app, '/api/bathrooms', { as: admin, payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, ...extra } } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<NewRestroomReceipt>().restroom;
    };
    expect(await add({ access: 'key', is_public: true, menstrual_products: false })).toMatchObject({ access: 'key', menstrual_products: false });
    expect(await add({ is_public: true })).toMatchObject({ access: 'public', menstrual_products: null });
    expect(await add({ is_public: false })).toMatchObject({ access: null });
    expect(await add({ access: null, is_public: true })).toMatchObject({ access: null });
  });

  it('a flag proposes unknown and access; approving it with edits sets them, and the feed carries them', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { ...{ unisex: 1, accessible: 1, changing_table: 1, is_single_stall: 1, menstrual_products: 1 }, access: 'public' });
    const flagId = await raiseFlag(app, person, restroomId, { unisex: null, accessible: null, is_single_stall: true, access: 'key' });
    const [review] = (await get<FlagReview[]>('/api/flags', admin)).filter((flag) => flag.id === flagId);
    expect(review?.proposed).toMatchObject({ unisex: null, accessible: null, access: 'key' });
    expect(review?.original).toMatchObject({ unisex: true, accessible: true, access: 'public' });
    expect(review?.changed).toEqual(expect.arrayContaining(['unisex', 'accessible', 'access']));

    const { cursor } = await pull(app);
    const decided = await write(app, `/api/flags/${flagId}`, {
      method: 'PATCH',
      as: admin,
      payload: { status: 'approved', edits: { menstrual_products: null, access: null } },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const expected = { unisex: null, accessible: null, menstrual_products: null, access: null, is_single_stall: true };
    expect((await pull(app, cursor)).restrooms.find((restroom) => restroom.id === restroomId)).toMatchObject(expected);
    expectEveryRead(await everyRead(restroomId), expected);
  });

  it('a flag without access (queued by an older app) keeps the restroom’s own', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { access: 'customers' });
    const { access: _none, ...withoutAccess } = { ...flagBody(restroomId), access: undefined };
    const response = await write(app, '/api/flags', { as: person, payload: withoutAccess });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [review] = (await get<FlagReview[]>('/api/flags', admin)).filter((flag) => flag.id === id);
    expect(review?.proposed.access).toBe('customers');
    expect(review?.changed).not.toContain('access');
  });

  it('an admin’s edit sets a value to unknown and back, and devices see each', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { access: 'public' });
    const patch = async (payload: object) => {
      const { cursor } = await pull(app);
      const response = await write(app, `/api/bathrooms/${restroomId}`, { method: 'PATCH', as: admin, payload });
      expect(response.statusCode, response.body).toBe(200);
      const [seen] = (await pull(app, cursor)).restrooms;
      return { answer: response.json<RestroomDecisionResult>().restroom, seen };
    };
    const unknown = await patch(UNKNOWN);
    expect(unknown.answer).toMatchObject(UNKNOWN);
    expect(unknown.seen).toMatchObject({ id: restroomId, ...UNKNOWN });
    expectEveryRead(await everyRead(restroomId), UNKNOWN);
    const known = await patch(KNOWN);
    expect(known.seen).toMatchObject({ id: restroomId, ...KNOWN });
    expectEveryRead(await everyRead(restroomId), KNOWN);
  });

  it('an import stores unknown, leaves it be on the same rows again, counts a change from it, and never unlearns what we know', async () => {
    const { app } = testApp();
    const sourceId = '987654';
    const row = refugeImportRow(sourceId, { ...UNKNOWN, latitude: 44.98, longitude: -93.27 });
    expect(await importAs(app, admin, { source: 'refuge', rows: [row] })).toMatchObject({ inserted: 1 });
    const stored = await app.db.selectFrom('restrooms').select('id').where('source_id', '=', sourceId).executeTakeFirstOrThrow();
    expectEveryRead(await everyRead(stored.id), UNKNOWN);

    expect(await importAs(app, admin, { source: 'refuge', rows: [row] })).toMatchObject<Partial<ImportResult>>({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await importAs(app, admin, { source: 'refuge', rows: [{ ...row, unisex: true, access: 'key' }] })).toMatchObject({ updated: 1 });
    expectEveryRead(await everyRead(stored.id), { unisex: true, access: 'key', accessible: null });
    // The source saying nothing again is not a change: what was learnt stays.
    expect(await importAs(app, admin, { source: 'refuge', rows: [row] })).toMatchObject({ updated: 0, unchanged: 1 });
    expectEveryRead(await everyRead(stored.id), { unisex: true, access: 'key', accessible: null });
    // A stated value still replaces it.
    expect(await importAs(app, admin, { source: 'refuge', rows: [{ ...row, unisex: false, access: 'customers' }] })).toMatchObject({ updated: 1 });
    expectEveryRead(await everyRead(stored.id), { unisex: false, access: 'customers', accessible: null });
  });
});

const WALKER_NEAR = { latitude: 44.98, longitude: -93.27 };

describe('bad yes/no/unknown values', () => {
  it.each([
    ['/api/bathrooms', 'POST', 'bathroomToAdd.unisex', () => ({ ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, unisex: 'maybe' } })],
    ['/api/bathrooms', 'POST', 'bathroomToAdd.access', () => ({ ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, access: 'private' } })],
    ['/api/flags', 'POST', 'is_single_stall', (id: string) => ({ ...flagBody(id), is_single_stall: 'maybe' })],
    ['/api/flags', 'POST', 'access', (id: string) => ({ ...flagBody(id), access: 'private' })],
    ['/api/bathrooms/:id', 'PATCH', 'unisex', () => ({ unisex: 'maybe' })],
    ['/api/bathrooms/:id', 'PATCH', 'access', () => ({ access: 'private' })],
    ['/api/admin/import', 'POST', 'rows.0.access', () => ({ source: 'refuge', rows: [refugeImportRow('1', { access: 'private' as never })] })],
    ['/api/admin/import', 'POST', 'rows.0.unisex', () => ({ source: 'osm', rows: [refugeImportRow('1', { unisex: 'maybe' as never })] })],
  ] as const)('%s (%s) answers 400 naming %s', async (url, method, field, payload) => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const response = await write(app, url.replace(':id', restroomId), { method, as: admin, payload: payload(restroomId) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ field: string }>().field).toBe(field);
  });
});
