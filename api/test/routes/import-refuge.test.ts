import { DEFAULT_REGION, type ApiError, type ImportReviewRow, type RefugeImportPage, type RestroomDetail } from '@allstall/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRefuge, type FakeRefuge } from '../fakes/index.js';
import { pull, signInAdmin, write, type Person } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { asImportRows, importAs, refugeImportRow } from '../support/import-fixtures.js';

/*
 * /admin/addbathrooms: 'Load bathrooms' fetches a page from Refuge Restrooms (a fake speaking its
 * real format), cleaned for review; 'Add all to database' upserts the page on Refuge's edit_id.
 */

let refuge: FakeRefuge;
let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  refuge = await startFakeRefuge();
  // Short, so a hanging Refuge is given up on quickly, yet far above the millisecond or two the fake
  // takes even on a busy machine: every answer in this file has to come within it.
  testApp = await createTestApp({ REFUGE_API_URL: refuge.url, GEOCODER_TIMEOUT_MS: '3000' });
  admin = await signInAdmin(testApp.app);
});

afterAll(async () => {
  await testApp.close();
  await refuge.stop();
});

beforeEach(() => {
  refuge.recover();
  refuge.clearRequests();
});

function load(query: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/admin/import/refuge${query}`, headers: { cookie: admin.cookie } });
}

async function loadPage(query: string): Promise<RefugeImportPage> {
  const response = await load(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RefugeImportPage>();
}

function rowOf(page: RefugeImportPage, editId: number): ImportReviewRow {
  const row = page.rows.find((candidate) => candidate.source_id === String(editId));
  if (row === undefined) throw new Error(`listing ${editId} is not on the page`);
  return row;
}

describe('GET /api/admin/import/refuge', () => {
  it("asks Refuge around the region's import point for the chosen page, and passes its paging on", async () => {
    const page = await loadPage('?per_page=5&page=2');
    expect(page).toMatchObject({ source: 'refuge', page: 2, per_page: 5, total: 12, total_pages: 3 });
    expect(page.rows).toHaveLength(5);

    const [request] = refuge.requestsTo('/by_location');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      lat: String(DEFAULT_REGION.importPoint.lat),
      lng: String(DEFAULT_REGION.importPoint.lng),
      per_page: '5',
      page: '2',
    });
  });

  it("asks for Refuge's first page of 10 when the screen names none", async () => {
    const page = await loadPage('');
    expect(page).toMatchObject({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect(page.rows).toHaveLength(10);
  });

  it('answers an empty page past the end, with the totals still known', async () => {
    expect(await loadPage('?per_page=10&page=7')).toMatchObject({ page: 7, total: 12, total_pages: 2, rows: [] });
  });

  it.each([
    ['?per_page=0', 'per_page'],
    ['?per_page=101', 'per_page'],
    ['?per_page=ten', 'per_page'],
    ['?page=0', 'page'],
    ['?page=-3', 'page'],
  ])('refuses %s naming the field, without asking Refuge', async (query, field) => {
    const response = await load(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, field });
    expect(refuge.requests).toHaveLength(0);
  });

  it('cleans the text: trailing spaces, escaped quotes, mis-decoded characters, country and state spellings', async () => {
    const page = await loadPage('?per_page=100');
    expect(rowOf(page, 4101)).toMatchObject({
      name: 'Minneapolis Central Library',
      street: '300 Nicollet Mall',
      city: 'Minneapolis',
      state: 'MN',
      country: 'US',
      directions: 'Second floor, past the elevators.',
      comment: 'All-gender restroom "Family Room" by the children\'s section.',
      accessible: true,
      unisex: true,
      changing_table: true,
      upvotes: 12,
      downvotes: 1,
      created_at: '2016-03-02T18:04:17.536Z',
      updated_at: '2022-10-11T14:30:00.125Z',
    });
    expect(rowOf(page, 4102)).toMatchObject({ name: 'Café Southside', country: 'US', comment: 'Single-user restroom; ask for the code at the counter.\n\nThanks!' });
    expect(rowOf(page, 4103)).toMatchObject({ state: 'MN', country: 'US' });
    expect(rowOf(page, 4104).name).toBe("Mill City Farmers' Market Restroom");
    expect(rowOf(page, 4106).name).toBe('Spyhouse Coffee — Northeast');
    expect(rowOf(page, 4109).state).toBe('MN');
    expect(rowOf(page, 4111).street).toBe('2930 Hennepin Ave & Lagoon Ave');
  });

  it('keeps listings without coordinates, flagged by their null position', async () => {
    const page = await loadPage('?per_page=100');
    expect(rowOf(page, 4105)).toMatchObject({ name: 'Hennepin County Government Center', latitude: null, longitude: null });
    expect(page.rows.filter((row) => row.latitude === null).map((row) => row.source_id)).toEqual(['4105', '4108']);
  });

  it.each([
    ['answers 500', 'error', 'The Refuge Restrooms service is not working right now. Try again in a moment.'],
    ['answers something that is not JSON', 'malformed', 'The Refuge Restrooms service is not working right now. Try again in a moment.'],
    ['never answers', 'hang', 'The Refuge Restrooms service did not answer. Try again in a moment.'],
    ['drops the connection', 'close', 'The Refuge Restrooms service did not answer. Try again in a moment.'],
  ] as const)('answers 502 with a clear message when Refuge %s', async (_what, failure, message) => {
    refuge.fail(failure);
    const response = await load('?per_page=5');
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message });
  });

  it('answers 502 when Refuge answers with something other than a list', async () => {
    refuge.respondWith({ error: 'rate limited' });
    expect((await load('?per_page=5')).statusCode).toBe(502);
  });
});

describe('POST /api/admin/import (Refuge)', () => {
  it('adds a whole page, approved, into everyone’s change feed, and reports the rows it cannot place', async () => {
    const before = await pull(testApp.app);
    const page = await loadPage('?per_page=100');
    expect(page.rows.every((row) => !row.already_imported && row.restroom_id === null)).toBe(true);

    const result = await importAs(testApp.app, admin, { source: 'refuge', rows: asImportRows(page.rows) });
    expect(result).toEqual({
      inserted: 12,
      updated: 0,
      unchanged: 0,
      withoutCoordinates: [
        { source_id: '4105', name: 'Hennepin County Government Center' },
        { source_id: '4108', name: 'Target Center' },
      ],
    });

    const changes = await pull(testApp.app, before.cursor);
    expect(changes.restrooms).toHaveLength(12);
    const library = changes.restrooms.find((restroom) => restroom.name === 'Minneapolis Central Library');
    expect(library).toMatchObject({
      street: '300 Nicollet Mall',
      state: 'MN',
      country: 'US',
      status: 'approved',
      is_removed: false,
      source: 'refuge',
      username: null,
      upvotes: 12,
      downvotes: 1,
      latitude: 44.97993,
      longitude: -93.26995,
      created_at: '2016-03-02T18:04:17.536Z',
    });
    // Unplaced listings are listed too, by name; only the map and distances leave them out.
    expect(changes.restrooms.find((restroom) => restroom.name === 'Target Center')).toMatchObject({ latitude: null, longitude: null });
  });

  it('stores a street Refuge sends with HTML entities and a direction mark as plain text', async () => {
    const imported = rowOf(await loadPage('?per_page=100'), 4111);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/bathrooms/${imported.restroom_id}` });
    expect(response.json<RestroomDetail>()).toMatchObject({ name: 'Uptown Transit Station', street: '2930 Hennepin Ave & Lagoon Ave' });
  });

  it('shows the page as already imported afterwards, with each listing’s restroom', async () => {
    const page = await loadPage('?per_page=100');
    expect(page.rows.every((row) => row.already_imported && row.restroom_id !== null)).toBe(true);
    const stored = await testApp.app.db.selectFrom('restrooms').select(['id', 'source_id']).where('source', '=', 'refuge').execute();
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(page.rows.map((row) => row.restroom_id)));
  });

  it('changes nothing when the same page is imported again: no new rows, no new versions in the feed', async () => {
    const before = await pull(testApp.app);
    const page = await loadPage('?per_page=100');
    const result = await importAs(testApp.app, admin, { source: 'refuge', rows: asImportRows(page.rows) });
    expect(result).toMatchObject({ inserted: 0, updated: 0, unchanged: 12 });
    const after = await pull(testApp.app, before.cursor);
    expect(after).toMatchObject({ cursor: before.cursor, restrooms: [], deleted: { restrooms: [], comments: [] } });
    expect(await testApp.app.db.selectFrom('restrooms').select('id').where('source', '=', 'refuge').execute()).toHaveLength(12);
  });

  it('updates a listing Refuge has edited (same edit_id, new name) in place, and only that one', async () => {
    const before = await pull(testApp.app);
    const previous = rowOf(await loadPage('?per_page=100'), 4103);
    refuge.edit(4103, { name: 'Walker Art Center (Lower Level) ', unisex: false });

    const page = await loadPage('?per_page=100');
    expect(rowOf(page, 4103)).toMatchObject({ name: 'Walker Art Center (Lower Level)', already_imported: true, restroom_id: previous.restroom_id });
    const result = await importAs(testApp.app, admin, { source: 'refuge', rows: asImportRows(page.rows) });
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 11 });

    const changes = await pull(testApp.app, before.cursor);
    expect(changes.restrooms.map((restroom) => [restroom.id, restroom.name, restroom.unisex])).toEqual([
      [previous.restroom_id, 'Walker Art Center (Lower Level)', false],
    ]);
  });

  it('keeps a position an admin found for a listing Refuge cannot place, and stops reporting it', async () => {
    const page = await loadPage('?per_page=100');
    const target = rowOf(page, 4108);
    // As the geocoding tool stores a position: with the time zone found there.
    await testApp.app.db
      .updateTable('restrooms')
      .set({ latitude: 44.97955, longitude: -93.27609, time_zone: 'America/Chicago' })
      .where('id', '=', target.restroom_id ?? '')
      .execute();

    const result = await importAs(testApp.app, admin, { source: 'refuge', rows: asImportRows(page.rows) });
    expect(result.withoutCoordinates).toEqual([{ source_id: '4105', name: 'Hennepin County Government Center' }]);
    expect(result.updated).toBe(0);
    const stored = await testApp.app.db.selectFrom('restrooms').select(['latitude', 'longitude']).where('id', '=', target.restroom_id ?? '').executeTakeFirst();
    expect(stored).toEqual({ latitude: 44.97955, longitude: -93.27609 });
  });

  it('keeps a removed listing removed when Refuge changes it', async () => {
    const target = rowOf(await loadPage('?per_page=100'), 4110);
    await testApp.app.db.updateTable('restrooms').set({ is_removed: 1 }).where('id', '=', target.restroom_id ?? '').execute();
    refuge.edit(4110, { name: 'Moon Palace Books & Geeks Who Drink' });

    const page = await loadPage('?per_page=100');
    expect(await importAs(testApp.app, admin, { source: 'refuge', rows: asImportRows(page.rows) })).toMatchObject({ updated: 1 });
    const stored = await testApp.app.db.selectFrom('restrooms').select(['name', 'is_removed', 'status']).where('id', '=', target.restroom_id ?? '').executeTakeFirst();
    expect(stored).toEqual({ name: 'Moon Palace Books & Geeks Who Drink', is_removed: 1, status: 'approved' });
  });

  it('records each import in the moderation log: who, when and what it did', async () => {
    const { db } = testApp.app;
    const entries = await db.selectFrom('moderation_log').selectAll().where('action', '=', 'restroom.import').orderBy('created_at').orderBy('id').execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.every((entry) => entry.actor_id === admin.id && entry.entity === 'import')).toBe(true);
    const [first] = entries;
    expect(JSON.parse(first?.after_json ?? '{}')).toMatchObject({ source: 'refuge', inserted: expect.any(Array), updated: [], unchanged: 0 });
    expect(JSON.parse(first?.after_json ?? '{}').inserted).toHaveLength(12);
    // The edit of 4103 keeps what the listing said before, so it can be explained or undone.
    const edit = entries.find((entry) => entry.before_json?.includes('Walker Art Center"'));
    expect(JSON.parse(edit?.before_json ?? '{}').updated[0]).toMatchObject({ before: { name: 'Walker Art Center', unisex: 1 } });
  });

  it('replays the first answer for a repeat of the same write', async () => {
    const rows = [refugeImportRow('9001', { name: 'Replayed Listing' })];
    const first = await write(testApp.app, '/api/admin/import', { as: admin, key: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', payload: { source: 'refuge', rows } });
    const repeat = await write(testApp.app, '/api/admin/import', { as: admin, key: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', payload: { source: 'refuge', rows } });
    expect(first.json()).toMatchObject({ inserted: 1 });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
  });

  it('cleans rows as they arrive too, whatever the device sent back from the review', async () => {
    const before = await pull(testApp.app);
    const sent = refugeImportRow('9002', {
      name: 'Caribou Coffee&#8206;',
      street: '2111 Snelling Avenue North, St Paul, MN&#8206;',
      city: 'St.\u200B Paul',
      directions: 'Past the counter &amp;amp; left\u200F',
      comment: '\uFEFFAsk for the key.',
    });
    expect(await importAs(testApp.app, admin, { source: 'refuge', rows: [sent] })).toMatchObject({ inserted: 1 });
    const [stored] = (await pull(testApp.app, before.cursor)).restrooms;
    expect(stored).toMatchObject({ name: 'Caribou Coffee', street: '2111 Snelling Avenue North, St Paul, MN', city: 'St. Paul' });
    const hidden = await testApp.app.db
      .selectFrom('restrooms')
      .select(['directions', 'admin_comment'])
      .where('source', '=', 'refuge')
      .where('source_id', '=', '9002')
      .executeTakeFirst();
    expect(hidden).toEqual({ directions: 'Past the counter & left', admin_comment: 'Ask for the key.' });
  });

  it.each([
    ['the same listing twice', { source: 'refuge', rows: [refugeImportRow('1'), refugeImportRow('1')] }, 'rows.1.source_id'],
    ['an OpenStreetMap id in a Refuge import', { source: 'refuge', rows: [refugeImportRow('node/1')] }, 'rows.0.source_id'],
    ['half a position', { source: 'refuge', rows: [refugeImportRow('2', { longitude: null })] }, 'rows.0.longitude'],
    ['no rows', { source: 'refuge', rows: [] }, 'rows'],
    ['more than 500 rows', { source: 'refuge', rows: Array.from({ length: 501 }, (_, index) => refugeImportRow(String(index + 1))) }, 'rows'],
    ['an unknown source', { source: 'yelp', rows: [refugeImportRow('3')] }, 'source'],
    ['an empty name', { source: 'refuge', rows: [refugeImportRow('4', { name: '' })] }, 'rows.0.name'],
    ['a name of nothing but a direction mark', { source: 'refuge', rows: [refugeImportRow('7', { name: '&#8206; \u200B' })] }, 'rows.0.name'],
    // PostgreSQL's integer column cannot hold it: this was a 500 there, and stored on SQLite.
    ['more thumbs up than a vote count holds', { source: 'refuge', rows: [refugeImportRow('5', { upvotes: 2 ** 31 })] }, 'rows.0.upvotes'],
    // The date-time format allows a leap second, which JavaScript cannot read: this was a 500.
    ['a leap second', { source: 'refuge', rows: [refugeImportRow('6', { created_at: '2016-12-31T23:59:60Z' })] }, 'rows.0.created_at'],
  ])('refuses %s with a 400 naming the field', async (_what, payload, field) => {
    const response = await write(testApp.app, '/api/admin/import', { as: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 400, field });
  });
});
