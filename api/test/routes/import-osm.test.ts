import { DEFAULT_REGION, type ApiError, type BoundingBox, type ImportReviewRow, type OsmImportReview } from '@allstall/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BDE_MAKA_SKA_PAVILION_TOILETS,
  CENTRAL_LIBRARY,
  GOLD_MEDAL_PARK_TOILETS,
  HCMC_STAFF_TOILETS,
  LORING_PARK_TOILETS,
  MINNEAPOLIS_PLACES,
  MINNEAPOLIS_TOILETS,
  RICE_PARK_TOILETS,
  startFakeOverpass,
  type FakeOverpass,
  type FakePlace,
} from '../fakes/index.js';
import { pull, signInAdmin, type Person } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { asImportRows, importAs } from '../support/import-fixtures.js';

/*
 * The OpenStreetMap import: toilets in the region's bounding box from Overpass (a fake that knows
 * the city's places and toilets), mapped conservatively and shown for review, then added.
 */

let overpass: FakeOverpass;
let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  overpass = await startFakeOverpass([...MINNEAPOLIS_PLACES, ...MINNEAPOLIS_TOILETS]);
  // Short, so a hanging Overpass is given up on quickly, yet far above what the fake takes even on a
  // busy machine: every answer in this file has to come within it.
  testApp = await createTestApp({ OVERPASS_URL: overpass.url, GEOCODER_TIMEOUT_MS: '3000' });
  admin = await signInAdmin(testApp.app);
});

afterAll(async () => {
  await testApp.close();
  await overpass.stop();
});

beforeEach(() => {
  overpass.recover();
  overpass.clearRequests();
});

function load() {
  return testApp.app.inject({ method: 'GET', url: '/api/admin/import/osm', headers: { cookie: admin.cookie } });
}

async function review(): Promise<OsmImportReview> {
  const response = await load();
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OsmImportReview>();
}

const sourceIdOf = (place: FakePlace) => `${{ N: 'node', W: 'way', R: 'relation' }[place.osm.type]}/${place.osm.id}`;

function rowFor(rows: readonly ImportReviewRow[], place: FakePlace): ImportReviewRow {
  const row = rows.find((candidate) => candidate.source_id === sourceIdOf(place));
  if (row === undefined) throw new Error(`${sourceIdOf(place)} is not in the review`);
  return row;
}

const everyDay = (open: number, close: number) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));

describe('GET /api/admin/import/osm', () => {
  it("asks Overpass for toilets, and places with toilets, inside the region's box", async () => {
    const { rows } = await review();
    const [{ south, west, north, east }] = DEFAULT_REGION.importBoxes as [BoundingBox];
    const [query] = overpass.queries();
    expect(query).toContain(`nwr["amenity"="toilets"](${south},${west},${north},${east});`);
    expect(query).toContain(`nwr["toilets"="yes"](${south},${west},${north},${east});`);
    expect(rows.map((row) => row.source_id).sort()).toEqual(
      [LORING_PARK_TOILETS, GOLD_MEDAL_PARK_TOILETS, BDE_MAKA_SKA_PAVILION_TOILETS, HCMC_STAFF_TOILETS, CENTRAL_LIBRARY].map(sourceIdOf).sort(),
    );
    expect(rows.some((row) => row.source_id === sourceIdOf(RICE_PARK_TOILETS))).toBe(false);
  });

  it('maps richly tagged toilets in full, hours parsed into day ranges', async () => {
    expect(rowFor((await review()).rows, LORING_PARK_TOILETS)).toEqual({
      source_id: sourceIdOf(LORING_PARK_TOILETS),
      name: 'Loring Park Restrooms',
      street: '1382 Willow Street',
      city: 'Minneapolis',
      state: 'MN',
      country: 'US',
      latitude: LORING_PARK_TOILETS.lat,
      longitude: LORING_PARK_TOILETS.lng,
      unisex: true,
      accessible: true,
      changing_table: true,
      // No tag speaks of these: unknown, not "no".
      is_single_stall: null,
      menstrual_products: null,
      access: 'public',
      fee: 'free', // fee=no
      directions: null,
      comment: null,
      upvotes: 0,
      downvotes: 0,
      hours: [
        { day: 0, open: 800, close: 2200 },
        { day: 1, open: 600, close: 2200 },
        { day: 2, open: 600, close: 2200 },
        { day: 3, open: 600, close: 2200 },
        { day: 4, open: 600, close: 2200 },
        { day: 5, open: 600, close: 2200 },
        { day: 6, open: 800, close: 2200 },
      ],
      place_id: `osm:N${LORING_PARK_TOILETS.osm.id}`,
      created_at: null,
      updated_at: null,
      already_imported: false,
      restroom_id: null,
    });
  });

  it('calls toilets gender-neutral only when the tags say so, no when they say separate rooms, and single stall unknown', async () => {
    const { rows } = await review();
    expect(rowFor(rows, GOLD_MEDAL_PARK_TOILETS).unisex).toBe(true); // gender_segregated=no
    expect(rowFor(rows, BDE_MAKA_SKA_PAVILION_TOILETS).unisex).toBe(false); // male=yes, female=yes, gender_segregated=yes
    expect(rowFor(rows, CENTRAL_LIBRARY).unisex).toBeNull(); // no tag at all
    expect(rows.every((row) => row.is_single_stall === null)).toBe(true);
  });

  it('names nameless toilets, reads access, wheelchair and menstrual products conservatively', async () => {
    const { rows } = await review();
    expect(rowFor(rows, GOLD_MEDAL_PARK_TOILETS)).toMatchObject({
      name: 'Public toilet',
      street: '',
      access: 'public', // access=permissive
      menstrual_products: true,
      hours: everyDay(0, 0),
    });
    // access=private says no one may use it; that is not an answer we show, so unknown.
    expect(rowFor(rows, HCMC_STAFF_TOILETS)).toMatchObject({ name: 'Staff Restroom', access: null });
    expect(rowFor(rows, BDE_MAKA_SKA_PAVILION_TOILETS)).toMatchObject({
      accessible: null, // wheelchair=limited
      place_id: `osm:W${BDE_MAKA_SKA_PAVILION_TOILETS.osm.id}`,
      latitude: BDE_MAKA_SKA_PAVILION_TOILETS.lat,
      hours: null, // open May to October only: nothing certain in an ordinary week
    });
  });

  it("reads a library's toilets from the library: its hours, but not its doors as public", async () => {
    expect(rowFor((await review()).rows, CENTRAL_LIBRARY)).toMatchObject({
      name: 'Minneapolis Central Library',
      access: null,
      accessible: null,
      unisex: null,
      hours: expect.arrayContaining([{ day: 1, open: 900, close: 2000 }, { day: 0, open: 1200, close: 1700 }]),
    });
  });

  it.each([
    ['answers 500', 'error', 'The map data service is not working right now. Try again in a moment.'],
    ['never answers', 'hang', 'The map data service did not answer. Try again in a moment.'],
  ] as const)('answers 502 when Overpass %s', async (_what, failure, message) => {
    overpass.fail(failure);
    const response = await load();
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiError>()).toMatchObject({ statusCode: 502, error: 'Bad Gateway', message });
  });

  it('answers 502 when Overpass answers without an elements list', async () => {
    overpass.respondWith({ remark: 'runtime error: Query timed out' });
    expect((await load()).statusCode).toBe(502);
  });
});

describe('POST /api/admin/import (OpenStreetMap)', () => {
  it('adds the reviewed toilets with their hours, into everyone’s change feed', async () => {
    const before = await pull(testApp.app);
    const { rows } = await review();
    expect(await importAs(testApp.app, admin, { source: 'osm', rows: asImportRows(rows) })).toEqual({
      inserted: 5,
      updated: 0,
      unchanged: 0,
      withoutCoordinates: [],
    });

    const changes = await pull(testApp.app, before.cursor);
    expect(changes.restrooms).toHaveLength(5);
    const loring = changes.restrooms.find((restroom) => restroom.name === 'Loring Park Restrooms');
    expect(loring).toMatchObject({
      source: 'osm',
      status: 'approved',
      place_id: `osm:N${LORING_PARK_TOILETS.osm.id}`,
      unisex: true,
      hours: expect.arrayContaining([{ day: 1, open: 600, close: 2200 }]),
    });
    expect(loring?.hours).toHaveLength(7);
    expect(changes.restrooms.find((restroom) => restroom.name === 'Public toilet')?.hours).toEqual(everyDay(0, 0));
  });

  it('marks them imported, and a second import of the same toilets changes nothing', async () => {
    const before = await pull(testApp.app);
    const { rows } = await review();
    expect(rows.every((row) => row.already_imported && row.restroom_id !== null)).toBe(true);
    expect(await importAs(testApp.app, admin, { source: 'osm', rows: asImportRows(rows) })).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await pull(testApp.app, before.cursor)).toMatchObject({ cursor: before.cursor, restrooms: [] });
  });

  it('updates hours that changed in OpenStreetMap', async () => {
    const before = await pull(testApp.app);
    const { rows } = await review();
    const loring = rowFor(rows, LORING_PARK_TOILETS);
    const changed = { ...loring, hours: everyDay(700, 2100) };
    const result = await importAs(testApp.app, admin, { source: 'osm', rows: asImportRows([changed]) });
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const changes = await pull(testApp.app, before.cursor);
    expect(changes.restrooms.map((restroom) => [restroom.id, restroom.hours])).toEqual([[loring.restroom_id, everyDay(700, 2100)]]);
  });
});
