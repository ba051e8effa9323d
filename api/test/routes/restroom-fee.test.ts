import {
  COMPACT_AT,
  COMPACT_RESTROOM_FORMAT,
  type CompactRestroom,
  type FeeValue,
  type FlagReview,
  type ImportReviewRow,
  type NewRestroomReceipt,
  type OpenDataCollection,
  type OsmImportReview,
  type Restroom,
  type RestroomDecisionResult,
} from '@allstall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overpassAnswer, overpassElement, startFakeOverpass, type FakeOverpass, type FakePlace } from '../fakes/index.js';
import { flagBody, insertRestroom, newRestroomBody, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { createTestApp, decodedBody, useTestApp, type TestApp } from '../support/helpers.js';
import { asImportRows, importAs, refugeImportRow } from '../support/import-fixtures.js';
import { raiseFlag } from '../support/moderation-fixtures.js';
import { compactRowsOf, everyPublicRead, getOk, snapshotLines } from '../support/public-reads.js';
import { readCsv } from '../support/read-csv.js';

/*
 * A restroom's fee: 'free', 'paid' or null for unknown (docs/product-rules.md#what-we-know), through
 * every write (add, suggestion, approval, admin edit, import) and every read (feed, snapshot,
 * detail, nearby, lists, open-data export).
 */

const testApp = useTestApp({ SNAPSHOT_MAX_AGE_SECONDS: '0' });
let admin: Person;
let person: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  person = await signUp(app, 'Fee Tester');
});

const get = <T>(url: string, as?: Person): Promise<T> => getOk<T>(testApp().app, url, as);

/** The restroom's compact row in the snapshot, as the wire carries it; the header must say format 4. */
async function snapshotRow(id: string): Promise<CompactRestroom | undefined> {
  const [header, ...lines] = await snapshotLines(testApp().app);
  expect(header).toMatchObject({ restroomFormat: COMPACT_RESTROOM_FORMAT });
  expect(COMPACT_RESTROOM_FORMAT).toBe(4);
  return compactRowsOf(lines).find((row) => row[0] === id);
}

/** The fee as every public read gives it: the feed, the snapshot's row (index 21), the detail, nearby and the lists. */
async function feeEverywhere(id: string): Promise<FeeValue[]> {
  const row = await snapshotRow(id);
  expect(row).toBeDefined();
  const reads = await everyPublicRead(testApp().app, id, admin);
  // The row's own index 21, read as a device's list reads it, without expanding the row.
  expect(row).toHaveLength(COMPACT_AT.fee + 1);
  return [row?.[COMPACT_AT.fee], ...reads.map((read) => read.fee)] as FeeValue[];
}

async function expectFeeEverywhere(id: string, fee: FeeValue): Promise<void> {
  expect(await feeEverywhere(id)).toEqual(Array.from({ length: 7 }, () => fee));
}

async function addRestroom(as: Person, fee: object): Promise<Restroom> {
  const body = newRestroomBody();
  const response = await write(testApp().app, '/api/bathrooms', { as, payload: { ...body, bathroomToAdd: { ...body.bathroomToAdd, ...fee } } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewRestroomReceipt>().restroom;
}

async function review(flagId: string): Promise<FlagReview | undefined> {
  return (await get<FlagReview[]>('/api/flags', admin)).find((flag) => flag.id === flagId);
}

describe('a new restroom’s fee', () => {
  it.each([
    ['free', { fee: 'free' }, 'free'],
    ['paid', { fee: 'paid' }, 'paid'],
    ['unknown', { fee: null }, null],
    // A write queued by an app from before fee existed.
    ['absent', {}, null],
  ] as const)('%s is stored as %s and every read says so', async (_what, sent, fee) => {
    const restroom = await addRestroom(admin, sent);
    expect(restroom.fee).toBe(fee);
    await expectFeeEverywhere(restroom.id, fee);
  });

  it('a person’s addition keeps its fee through review and approval', async () => {
    const { id, fee } = await addRestroom(person, { fee: 'paid' });
    expect(fee).toBe('paid');
    expect((await get<Restroom[]>('/api/admin/pending', admin)).find((restroom) => restroom.id === id)?.fee).toBe('paid');
    const approved = await write(testApp().app, `/api/bathrooms/${id}`, { method: 'PATCH', as: admin, payload: { status: 'approved', latitude: 44.98, longitude: -93.27 } });
    expect(approved.statusCode, approved.body).toBe(200);
    await expectFeeEverywhere(id, 'paid');
  });
});

describe('a suggestion’s fee', () => {
  it('proposes a fee beside the original, and approving it sets the fee devices pull', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { fee: null });
    const flagId = await raiseFlag(app, person, restroomId, { fee: 'free' });
    expect(await review(flagId)).toMatchObject({ proposed: { fee: 'free' }, original: { fee: null }, changed: expect.arrayContaining(['fee']) });

    const { cursor } = await pull(app);
    const decided = await write(app, `/api/flags/${flagId}`, { method: 'PATCH', as: admin, payload: { status: 'approved' } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await pull(app, cursor)).restrooms.map((restroom) => [restroom.id, restroom.fee])).toEqual([[restroomId, 'free']]);
    await expectFeeEverywhere(restroomId, 'free');
  });

  it('proposes unknown, and the admin’s edit over the proposal is what approval applies', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { fee: 'paid' });
    const flagId = await raiseFlag(app, person, restroomId, { fee: null });
    expect(await review(flagId)).toMatchObject({ proposed: { fee: null }, original: { fee: 'paid' }, changed: expect.arrayContaining(['fee']) });
    const decided = await write(app, `/api/flags/${flagId}`, { method: 'PATCH', as: admin, payload: { status: 'approved', edits: { fee: 'free' } } });
    expect(decided.statusCode, decided.body).toBe(200);
    await expectFeeEverywhere(restroomId, 'free');
  });

  it('without a fee (queued by an older app) keeps the restroom’s own, so approving it changes no fee', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { fee: 'paid' });
    // flagBody is what an app from before fee existed sends: no `fee` at all.
    expect(flagBody(restroomId)).not.toHaveProperty('fee');
    const flagId = await raiseFlag(app, person, restroomId, { name: 'Test Cafe (lower level)' });
    const flag = await review(flagId);
    expect(flag?.proposed.fee).toBe('paid');
    expect(flag?.changed).not.toContain('fee');
    const decided = await write(app, `/api/flags/${flagId}`, { method: 'PATCH', as: admin, payload: { status: 'approved' } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await get<Restroom>(`/api/bathrooms/${restroomId}`)).toMatchObject({ name: 'Test Cafe (lower level)', fee: 'paid' });
  });
});

describe('an admin’s edit of the fee', () => {
  it('sets free, paid and unknown, each pulled by devices and shown by every read', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { fee: null });
    for (const fee of ['free', 'paid', null] as const) {
      const { cursor } = await pull(app);
      const response = await write(app, `/api/bathrooms/${restroomId}`, { method: 'PATCH', as: admin, payload: { fee } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RestroomDecisionResult>().restroom.fee).toBe(fee);
      expect((await pull(app, cursor)).restrooms.map((restroom) => [restroom.id, restroom.fee])).toEqual([[restroomId, fee]]);
      await expectFeeEverywhere(restroomId, fee);
    }
  });
});

describe('an import’s fee', () => {
  it('stores a Refuge row’s fee as unknown, and a later stated fee replaces what we had, while unknown never unlearns it', async () => {
    const { app } = testApp();
    const sourceId = '4242001';
    const row = refugeImportRow(sourceId, { latitude: 44.98, longitude: -93.27 });
    expect(row.fee).toBeNull();
    expect(await importAs(app, admin, { source: 'refuge', rows: [row] })).toMatchObject({ inserted: 1 });
    const { id } = await app.db.selectFrom('restrooms').select('id').where('source_id', '=', sourceId).executeTakeFirstOrThrow();
    await expectFeeEverywhere(id, null);

    expect(await importAs(app, admin, { source: 'refuge', rows: [{ ...row, fee: 'paid' }] })).toMatchObject({ updated: 1 });
    await expectFeeEverywhere(id, 'paid');
    expect(await importAs(app, admin, { source: 'refuge', rows: [row] })).toMatchObject({ updated: 0, unchanged: 1 });
    await expectFeeEverywhere(id, 'paid');
    expect(await importAs(app, admin, { source: 'refuge', rows: [{ ...row, fee: 'free' }] })).toMatchObject({ updated: 1 });
    await expectFeeEverywhere(id, 'free');
  });
});

describe('the open-data export’s fee', () => {
  it('is the GeoJSON’s fee property, and the CSV’s fee column in OpenStreetMap’s words: no, yes or empty', async () => {
    const { app } = testApp();
    const ids = {
      free: await insertRestroom(app.db, { name: 'Export Free', fee: 'free' }),
      paid: await insertRestroom(app.db, { name: 'Export Paid', fee: 'paid' }),
      unknown: await insertRestroom(app.db, { name: 'Export Unknown', fee: null }),
    };
    const geojson = JSON.parse(decodedBody(await app.inject({ method: 'GET', url: '/api/export/restrooms.geojson' }))) as OpenDataCollection;
    const feature = (id: string) => geojson.features.find((candidate) => candidate.id === id)?.properties.fee;
    expect([feature(ids.free), feature(ids.paid), feature(ids.unknown)]).toEqual(['free', 'paid', null]);

    const [header = [], ...records] = readCsv(decodedBody(await app.inject({ method: 'GET', url: '/api/export/restrooms.csv' })));
    const cell = (id: string) => records.find((record) => record[header.indexOf('id')] === id)?.[header.indexOf('fee')];
    expect(header).toContain('fee');
    expect([cell(ids.free), cell(ids.paid), cell(ids.unknown)]).toEqual(['no', 'yes', '']);
  });
});

describe('the OpenAPI document’s fee', () => {
  it('is on the restroom as free, paid or null, and optional on a suggestion', async () => {
    interface Schema {
      required?: string[];
      properties?: Record<string, unknown>;
      allOf?: Schema[];
    }
    const document = await get<{ paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>> }>('/api/openapi.json');
    const jsonSchema = (content: unknown): Schema => (content as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema;
    const restroom = jsonSchema(document.paths['/api/bathrooms/{id}']?.get?.responses?.['200']);
    const restroomPart = [restroom, ...(restroom.allOf ?? [])].find((part) => part.properties?.fee !== undefined);
    expect(restroomPart?.required).toContain('fee');
    const enumValues = JSON.stringify(restroomPart?.properties?.fee);
    for (const value of ['"free"', '"paid"', 'null']) expect(enumValues).toContain(value);
    const flag = jsonSchema(document.paths['/api/flags']?.post?.requestBody);
    expect(flag.properties).toHaveProperty('fee');
    expect(flag.required).not.toContain('fee');
  });
});

describe('bad fees', () => {
  it.each([
    ['/api/bathrooms', 'POST', 'bathroomToAdd.fee', () => ({ ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, fee: 'maybe' } })],
    ['/api/bathrooms', 'POST', 'bathroomToAdd.fee', () => ({ ...newRestroomBody(), bathroomToAdd: { ...newRestroomBody().bathroomToAdd, fee: true } })],
    ['/api/flags', 'POST', 'fee', (id: string) => ({ ...flagBody(id), fee: 'maybe' })],
    ['/api/bathrooms/:id', 'PATCH', 'fee', () => ({ fee: 'maybe' })],
    ['/api/bathrooms/:id', 'PATCH', 'fee', () => ({ fee: 'yes' })],
    ['/api/admin/import', 'POST', 'rows.0.fee', () => ({ source: 'osm', rows: [refugeImportRow('1', { fee: 'no' as never })] })],
  ] as const)('%s (%s) answers 400 naming %s', async (url, method, field, payload) => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const response = await write(app, url.replace(':id', restroomId), { method, as: admin, payload: payload(restroomId) });
    expect(response.statusCode, response.body).toBe(400);
    // The generic code, which the app words in the person's language with the field's name.
    expect(response.json<{ field: string; code: string }>()).toMatchObject({ field, code: 'validation.invalid' });
  });

  it('a flag decision’s edits answer 400 naming edits.fee', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const flagId = await raiseFlag(app, person, restroomId);
    const response = await write(app, `/api/flags/${flagId}`, { method: 'PATCH', as: admin, payload: { status: 'approved', edits: { fee: 'maybe' } } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ field: string }>().field).toBe('edits.fee');
  });
});

/*
 * OpenStreetMap's tags, end to end: toilets in the region's box from a fake Overpass, reviewed,
 * imported, and read back from the feed.
 */

const minneapolis = { housenumber: '', street: '', city: 'Minneapolis', state: 'Minnesota', postcode: '55401' };
const toilets = { key: 'amenity', value: 'toilets' };
let nextOsmId = 5_560_000_001;

function toiletsTagged(name: string, tags: Record<string, string>, category = toilets): FakePlace {
  const id = nextOsmId++;
  return { osm: { type: 'N', id }, name, ...minneapolis, lat: 44.97 + (id % 100) / 10_000, lng: -93.27, category, tags };
}

/** What each tagging means (shared/src/imports/osm.ts): fee=no free, fee=yes or a charge paid, anything else unknown. */
const OSM_FEE_TABLE: ReadonlyArray<[tags: string, tagMap: Record<string, string>, fee: FeeValue, category?: FakePlace['category']]> = [
  ['fee=no', { fee: 'no' }, 'free'],
  ['fee=yes', { fee: 'yes' }, 'paid'],
  ['charge=0.50 USD', { charge: '0.50 USD' }, 'paid'],
  ['fee=yes charge=0.25 USD', { fee: 'yes', charge: '0.25 USD' }, 'paid'],
  ['fee=no charge=0.50 USD', { fee: 'no', charge: '0.50 USD' }, 'free'],
  ['no fee tag', {}, null],
  ['fee=donation', { fee: 'donation' }, null],
  ['fee=customers', { fee: 'customers' }, null],
  ['a cafe with toilets:fee=yes', { toilets: 'yes', 'toilets:fee': 'yes' }, 'paid', { key: 'amenity', value: 'cafe' }],
  ['a cafe with fee=yes (its own, not its toilets’)', { toilets: 'yes', fee: 'yes' }, null, { key: 'amenity', value: 'cafe' }],
];
const OSM_FEES = OSM_FEE_TABLE.map(([tags, tagMap, fee, category = toilets]) => ({ tags, fee, place: toiletsTagged(`Fee Test ${tags}`, tagMap, category) }));

describe('an OpenStreetMap import’s fee', () => {
  let overpass: FakeOverpass;
  let osmApp: TestApp;
  let osmAdmin: Person;

  beforeAll(async () => {
    overpass = await startFakeOverpass(OSM_FEES.map(({ place }) => place));
    osmApp = await createTestApp({ OVERPASS_URL: overpass.url, GEOCODER_TIMEOUT_MS: '3000' });
    osmAdmin = await signInAdmin(osmApp.app);
  });

  afterAll(async () => {
    await osmApp.close();
    await overpass.stop();
  });

  async function osmReview(): Promise<ImportReviewRow[]> {
    const response = await osmApp.app.inject({ method: 'GET', url: '/api/admin/import/osm', headers: { cookie: osmAdmin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OsmImportReview>().rows;
  }

  const feeByTags = (rows: ReadonlyArray<{ name: string; fee: FeeValue }>) =>
    OSM_FEES.map(({ tags, place }) => {
      const row = rows.find((candidate) => candidate.name === place.name);
      return [tags, row === undefined ? 'missing' : row.fee];
    });

  it('reviews, imports and feeds each tagging as its fee', async () => {
    const expected = OSM_FEES.map(({ tags, fee }) => [tags, fee]);
    const rows = await osmReview();
    expect(feeByTags(rows)).toEqual(expected);
    expect(await importAs(osmApp.app, osmAdmin, { source: 'osm', rows: asImportRows(rows) })).toMatchObject({ inserted: OSM_FEES.length });
    expect(feeByTags((await pull(osmApp.app)).restrooms)).toEqual(expected);
  });

  it('a re-import updates a fee OpenStreetMap now states, and keeps one it no longer states', async () => {
    const [free, paid] = OSM_FEES;
    if (free === undefined || paid === undefined) throw new Error('the table starts with fee=no and fee=yes');
    // OpenStreetMap now says the free one costs, and says nothing of the paid one's fee.
    overpass.respondWith(
      overpassAnswer([
        overpassElement({ ...free.place, tags: { fee: 'yes' } }),
        overpassElement({ ...paid.place, tags: {} }),
      ]),
    );
    try {
      const rows = await osmReview();
      expect(feeByTags(rows).filter(([, fee]) => fee !== 'missing')).toEqual([['fee=no', 'paid'], ['fee=yes', null]]);
      const { cursor } = await pull(osmApp.app);
      expect(await importAs(osmApp.app, osmAdmin, { source: 'osm', rows: asImportRows(rows) })).toMatchObject({ updated: 1, unchanged: 1 });
      const changed = (await pull(osmApp.app, cursor)).restrooms;
      expect(changed.map((restroom) => [restroom.name, restroom.fee])).toEqual([[free.place.name, 'paid']]);
      expect((await pull(osmApp.app)).restrooms.find((restroom) => restroom.name === paid.place.name)?.fee).toBe('paid');
    } finally {
      overpass.recover();
    }
  });
});
