import {
  OPEN_DATA_CSV_COLUMNS,
  OpenDataCollectionSchema,
  OpenDataIndexSchema,
  type OpenDataCollection,
  type OpenDataFeature,
  type Restroom,
  type RestroomSource,
  snapshotRowsOfColumns,
  type WeeklyHours,
} from '@allstall/shared';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { parseOpeningHours } from '../../src/geocoding/opening-hours.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull } from '../support/fixtures.js';
import { decodedBody, useTestApp } from '../support/helpers.js';
import { readCsv } from '../support/read-csv.js';

// Maximum age 0: every answer is at the feed's newest version, so each test sees the data it just wrote.
const testApp = useTestApp({ DEMO_DATA: '1', SNAPSHOT_MAX_AGE_SECONDS: '0' });

const GEOJSON_URL = '/api/export/restrooms.geojson';
const CSV_URL = '/api/export/restrooms.csv';

/** What each source's rows must say of their licence, written out here so a wrong mapping fails. */
const LICENCE_OF: Record<RestroomSource, { licence: string; attribution: string }> = {
  refuge: { licence: 'CC-BY-SA-4.0', attribution: 'Refuge Restrooms contributors' },
  demo: { licence: 'CC-BY-SA-4.0', attribution: 'Refuge Restrooms contributors' },
  osm: { licence: 'ODbL-1.0', attribution: '© OpenStreetMap contributors' },
  user: { licence: 'ODbL-1.0', attribution: 'allstall contributors' },
};

/** The public set as a guest's device holds it after pulling the whole feed from the start. */
async function guestFeed(): Promise<{ cursor: string; restrooms: Map<string, Restroom> }> {
  const restrooms = new Map<string, Restroom>();
  let cursor: string | undefined;
  for (;;) {
    const page = await pull(testApp().app, cursor);
    for (const restroom of page.restrooms) restrooms.set(restroom.id, restroom);
    for (const id of page.deleted.restrooms) restrooms.delete(id);
    cursor = page.cursor;
    if (!page.more) return { cursor, restrooms };
  }
}

async function fetchExport(url: string, headers: Record<string, string> = {}) {
  return testApp().app.inject({ method: 'GET', url, headers });
}

async function geojson(headers: Record<string, string> = { 'accept-encoding': 'br' }) {
  const response = await fetchExport(GEOJSON_URL, headers);
  expect(response.statusCode).toBe(200);
  const collection = JSON.parse(decodedBody(response)) as OpenDataCollection;
  expect(Value.Check(OpenDataCollectionSchema, collection)).toBe(true);
  return { response, collection, byId: new Map(collection.features.map((feature) => [feature.id, feature])) };
}

async function csv(headers: Record<string, string> = { 'accept-encoding': 'gzip' }) {
  const response = await fetchExport(CSV_URL, headers);
  expect(response.statusCode).toBe(200);
  const text = decodedBody(response);
  const [header = [], ...records] = readCsv(text);
  expect(header).toEqual([...OPEN_DATA_CSV_COLUMNS]);
  const rows = records.map((record) => {
    expect(record).toHaveLength(header.length);
    return Object.fromEntries(header.map((column, index) => [column, record[index] ?? ''])) as Record<string, string>;
  });
  return { response, text, rows, byId: new Map(rows.map((row) => [row.id, row])) };
}

/** Hours in one order, so two lists of the same ranges compare equal. */
function sortedHours(hours: WeeklyHours): WeeklyHours {
  return hours === null ? null : [...hours].sort((a, b) => a.day - b.day || a.open - b.open);
}

/** The feature the feed's restroom must be in the GeoJSON: every value the feed gives, by name. */
function expectedFeature(restroom: Restroom): OpenDataFeature {
  return {
    type: 'Feature',
    id: restroom.id,
    geometry:
      restroom.latitude === null || restroom.longitude === null
        ? null
        : { type: 'Point', coordinates: [restroom.longitude, restroom.latitude] },
    properties: {
      id: restroom.id,
      name: restroom.name,
      street: restroom.street,
      city: restroom.city,
      state: restroom.state,
      country: restroom.country,
      unisex: restroom.unisex,
      accessible: restroom.accessible,
      changing_table: restroom.changing_table,
      is_single_stall: restroom.is_single_stall,
      menstrual_products: restroom.menstrual_products,
      access: restroom.access,
      fee: restroom.fee,
      hours: restroom.hours,
      time_zone: restroom.time_zone,
      upvotes: restroom.upvotes,
      downvotes: restroom.downvotes,
      last_confirmed_at: restroom.last_confirmed_at,
      source: restroom.source,
      ...LICENCE_OF[restroom.source],
      created_at: restroom.created_at,
      updated_at: restroom.updated_at,
    },
  };
}

/** The CSV row the feed's restroom must be, read back into values; the hours through OpenStreetMap's own parser. */
function csvRowValues(row: Record<string, string>) {
  const number = (text: string | undefined) => (text === '' || text === undefined ? null : Number(text));
  // An unknown amenity is an empty cell.
  const flag = (text: string | undefined) => {
    expect(['true', 'false', '']).toContain(text);
    return text === '' ? null : text === 'true';
  };
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: number(row.latitude),
    longitude: number(row.longitude),
    unisex: flag(row.unisex),
    accessible: flag(row.accessible),
    changing_table: flag(row.changing_table),
    is_single_stall: flag(row.is_single_stall),
    menstrual_products: flag(row.menstrual_products),
    access: row.access === '' ? null : row.access,
    // OpenStreetMap's fee tag: yes is paid, no is free, an empty cell unknown.
    fee: feeOfCsv(row.fee),
    hours: parseOpeningHours(row.opening_hours),
    time_zone: row.time_zone === '' ? null : row.time_zone,
    upvotes: number(row.upvotes),
    downvotes: number(row.downvotes),
    last_confirmed_at: row.last_confirmed_at === '' ? null : row.last_confirmed_at,
    source: row.source,
    licence: row.licence,
    attribution: row.attribution,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function feeOfCsv(text: string | undefined): Restroom['fee'] {
  expect(['yes', 'no', '']).toContain(text);
  return text === '' ? null : text === 'yes' ? 'paid' : 'free';
}

function expectedCsvValues(restroom: Restroom) {
  const { properties, geometry } = expectedFeature(restroom);
  return {
    ...properties,
    latitude: geometry === null ? null : restroom.latitude,
    longitude: geometry === null ? null : restroom.longitude,
    hours: sortedHours(restroom.hours),
  };
}

describe('the open-data export', () => {
  it('holds in its GeoJSON exactly the restrooms a guest pulls from the feed, with the same values', async () => {
    const feed = await guestFeed();
    const { collection, byId } = await geojson();
    expect(feed.restrooms.size).toBeGreaterThan(500);
    expect(collection.features).toHaveLength(feed.restrooms.size);
    expect([...byId.keys()].sort()).toEqual([...feed.restrooms.keys()].sort());
    for (const restroom of feed.restrooms.values()) expect(byId.get(restroom.id)).toEqual(expectedFeature(restroom));
    // Some demo rows have hours and some do not; both travel as the feed sends them.
    expect(collection.features.some((feature) => feature.properties.hours !== null)).toBe(true);
    expect(collection.features.some((feature) => feature.properties.hours === null)).toBe(true);
    // Unknown stays null, never false: the demo rows know no menstrual products and no access, and
    // single stall only where it is a yes.
    expect(collection.features.every((feature) => feature.properties.menstrual_products === null && feature.properties.access === null)).toBe(true);
    expect(new Set(collection.features.map((feature) => feature.properties.is_single_stall))).toEqual(new Set([true, null]));
    // The demo rows' fees are free, paid and (most) unknown, each as the feed sends it.
    expect(new Set(collection.features.map((feature) => feature.properties.fee))).toEqual(new Set(['free', 'paid', null]));
    expect(collection.version).toBe(feed.cursor);
  });

  it('holds in its CSV the same restrooms with the same values, the hours as opening_hours text OpenStreetMap reads back', async () => {
    const feed = await guestFeed();
    const { rows, byId } = await csv();
    expect(rows).toHaveLength(feed.restrooms.size);
    expect([...byId.keys()].sort()).toEqual([...feed.restrooms.keys()].sort());
    for (const restroom of feed.restrooms.values()) {
      const row = byId.get(restroom.id);
      expect(row).toBeDefined();
      expect(csvRowValues(row ?? {}), restroom.id).toEqual(expectedCsvValues(restroom));
    }
    expect(rows.some((row) => (row.opening_hours ?? '').startsWith('Mo'))).toBe(true);
    // Unknown is an empty cell.
    expect(rows.every((row) => row.menstrual_products === '' && row.access === '')).toBe(true);
    expect(new Set(rows.map((row) => row.is_single_stall))).toEqual(new Set(['true', '']));
    // The fee in OpenStreetMap's words: no (free), yes (paid), or an empty cell.
    expect(new Set(rows.map((row) => row.fee))).toEqual(new Set(['no', 'yes', '']));
  });

  it('lists its restrooms in id order, not in the snapshot’s nearest-first order', async () => {
    const [{ collection }, { rows }] = [await geojson(), await csv()];
    const ids = collection.features.map((feature) => feature.id);
    expect(ids).toEqual([...ids].sort());
    expect(rows.map((row) => row.id)).toEqual(ids);
    // The snapshot holds the same restrooms in another order, so an export read that way would fail above.
    const snapshot = decodedBody(await fetchExport('/api/sync/snapshot', { 'accept-encoding': 'gzip' }));
    const snapshotIds = snapshot
      .trimEnd()
      .split('\n')
      .flatMap((line) => {
        const parsed = JSON.parse(line) as { restroomColumns?: unknown };
        return parsed.restroomColumns === undefined ? [] : (snapshotRowsOfColumns(parsed.restroomColumns) ?? []).map((row) => String(row[0]));
      });
    expect([...snapshotIds].sort()).toEqual(ids);
    expect(snapshotIds).not.toEqual(ids);
  });

  it('leaves out pending, rejected and removed restrooms, as the feed does', async () => {
    const { db } = testApp().app;
    const hidden = [
      await insertRestroom(db, { name: 'Pending Place', status: 'pending' }),
      await insertRestroom(db, { name: 'Rejected Place', status: 'rejected' }),
      await insertRestroom(db, { name: 'Removed Place', is_removed: 1 }),
    ];
    const shown = await insertRestroom(db, { name: 'Shown Place' });
    const feed = await guestFeed();
    const [{ byId: features }, { byId: rows }] = [await geojson(), await csv()];
    for (const id of hidden) {
      expect(feed.restrooms.has(id)).toBe(false);
      expect(features.has(id)).toBe(false);
      expect(rows.has(id)).toBe(false);
    }
    expect(features.get(shown)?.properties.name).toBe('Shown Place');
    expect(rows.get(shown)?.name).toBe('Shown Place');

    // Approving the pending one brings it into the next export; removing the shown one takes it out.
    const [pending = ''] = hidden;
    expect(await updateRestroom(db, pending, { status: 'approved' }, Date.now())).toBe(true);
    expect(await updateRestroom(db, shown, { is_removed: true }, Date.now())).toBe(true);
    const [{ byId: featuresAfter }, { byId: rowsAfter }] = [await geojson(), await csv()];
    expect(featuresAfter.has(pending) && rowsAfter.has(pending)).toBe(true);
    expect(featuresAfter.has(shown) || rowsAfter.has(shown)).toBe(false);
  });

  it('is built anew when the feed moves: a new version, a new ETag, and the change in both files', async () => {
    const { db } = testApp().app;
    const first = await geojson();
    const firstCsv = await csv();
    const [id = ''] = first.byId.keys();
    expect(await updateRestroom(db, id, { name: 'Renamed For Export' }, Date.now())).toBe(true);
    const { cursor } = await guestFeed();

    const second = await geojson();
    const secondCsv = await csv();
    expect(Number(second.collection.version)).toBeGreaterThan(Number(first.collection.version));
    expect(second.collection.version).toBe(cursor);
    expect(second.response.headers.etag).not.toBe(first.response.headers.etag);
    expect(secondCsv.response.headers.etag).not.toBe(firstCsv.response.headers.etag);
    expect(second.byId.get(id)?.properties.name).toBe('Renamed For Export');
    expect(secondCsv.byId.get(id)?.name).toBe('Renamed For Export');
    expect(second.response.headers['content-disposition']).toBe(
      `attachment; filename="allstall-restrooms-${second.collection.version}.geojson"`,
    );
  });

  it('answers If-None-Match with 304 while the version stands, in any coding, and 200 once it moves', async () => {
    for (const url of [GEOJSON_URL, CSV_URL]) {
      const first = await fetchExport(url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"restrooms-(geojson|csv)-\d+-\d+-br"$/);
      const again = await fetchExport(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.link).toContain('rel="license"');

      await insertRestroom(testApp().app.db, { name: 'A New Listing' });
      const moved = await fetchExport(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(moved.statusCode).toBe(200);
      expect(decodedBody(moved)).toContain('A New Listing');
    }
  });

  it('is built once per version, however many ask at once', async () => {
    const { app } = testApp();
    await insertRestroom(app.db, { name: 'Asked For At Once' });
    const builds = app.openDataExports.builds;
    const answers = await Promise.all(
      [GEOJSON_URL, CSV_URL, GEOJSON_URL, CSV_URL, '/api/export'].map((url) => fetchExport(url, { 'accept-encoding': 'br' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(app.openDataExports.builds).toBe(builds + 1);
    await fetchExport(GEOJSON_URL);
    expect(app.openDataExports.builds).toBe(builds + 1);
  });

  it('quotes a name with a comma, a quote and a line break as RFC 4180 asks, and ends every record with CRLF', async () => {
    const name = 'Cafe, "The Nook"\nBack room';
    const id = await insertRestroom(testApp().app.db, { name, city: 'Saint Paul' });
    const { text, byId } = await csv({});
    expect(text).toContain(`${id},"Cafe, ""The Nook""\nBack room",1 Main St,Saint Paul,`);
    expect(byId.get(id)?.name).toBe(name);
    expect(text.endsWith('\r\n')).toBe(true);
    // A record per row and the header; the line break inside the quoted name is not one.
    expect(text.split('\r\n').length - 1).toBe(byId.size + 1);
  });

  it('names the licences and credits: in the GeoJSON, on each row, in a Link header and at /api/export', async () => {
    const { db } = testApp().app;
    const osm = await insertRestroom(db, { name: 'From OpenStreetMap', source: 'osm' });
    const refuge = await insertRestroom(db, { name: 'From Refuge', source: 'refuge' });
    const { response, collection, byId } = await geojson();
    expect(collection.licence).toEqual({ id: 'ODbL-1.0', name: 'ODbL 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' });
    const sources = new Map(collection.sources.map((source) => [source.source, source]));
    expect(sources.get('osm')).toMatchObject({
      attribution: '© OpenStreetMap contributors',
      url: 'https://www.openstreetmap.org/copyright',
      licence: { id: 'ODbL-1.0' },
    });
    expect(sources.get('refuge')).toMatchObject({
      attribution: 'Refuge Restrooms contributors',
      url: 'https://www.refugerestrooms.org',
      licence: { id: 'CC-BY-SA-4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
    });
    expect(byId.get(osm)?.properties).toMatchObject({ source: 'osm', licence: 'ODbL-1.0' });
    expect(byId.get(refuge)?.properties).toMatchObject({ source: 'refuge', licence: 'CC-BY-SA-4.0' });

    const rows = (await csv()).byId;
    expect(rows.get(osm)).toMatchObject({ source: 'osm', licence: 'ODbL-1.0', attribution: '© OpenStreetMap contributors' });
    expect(rows.get(refuge)).toMatchObject({ source: 'refuge', licence: 'CC-BY-SA-4.0', attribution: 'Refuge Restrooms contributors' });

    const csvResponse = (await csv()).response;
    for (const answer of [response, csvResponse]) {
      expect(answer.headers.link).toContain('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    expect(response.headers['content-type']).toBe('application/geo+json');
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');

    const index = await fetchExport('/api/export');
    expect(index.statusCode).toBe(200);
    const described = index.json();
    expect(Value.Check(OpenDataIndexSchema, described)).toBe(true);
    expect(described).toMatchObject({
      version: collection.version,
      restrooms: collection.features.length,
      licence: { id: 'ODbL-1.0' },
      files: [
        { format: 'geojson', url: GEOJSON_URL },
        { format: 'csv', url: CSV_URL },
      ],
    });
  });

  it('keeps a restroom whose position is unknown, with no geometry and empty coordinates', async () => {
    const id = await insertRestroom(testApp().app.db, { name: 'Somewhere Unmapped', latitude: null, longitude: null });
    const [{ byId: features }, { byId: rows }] = [await geojson(), await csv()];
    expect(features.get(id)?.geometry).toBeNull();
    expect(rows.get(id)).toMatchObject({ latitude: '', longitude: '' });
  });

  it('needs no login and reads the same with no coding asked for', async () => {
    const plain = await fetchExport(GEOJSON_URL, { 'accept-encoding': 'identity' });
    const brotli = await fetchExport(GEOJSON_URL, { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decodedBody(plain))).toEqual(JSON.parse(decodedBody(brotli)));
  });
});
