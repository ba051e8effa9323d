import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { distanceText, restroomDistanceMiles, type LatLng } from '@allstall/shared';
import { startFakeOverpass, type FakeOverpass, type FakePlace } from '../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext } from './support/browser.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { mapTiles } from './support/map-tiles.js';
import { eventually, signIn } from './support/server-api.js';

/*
 * A second deployment, set up only through REGION_* variables: Chicago, in kilometres, without demo
 * data. The admin loads Chicago's toilets from a fake Overpass (asked for exactly the configured
 * boxes) and a visitor's map, list and detail screen then show Chicago as configured.
 */

const MAP_CENTER = { lat: 41.8819, lng: -87.6278 };
const MAP_ZOOM = 14;
/** Deliberately not the map centre: the list must measure from here. */
const LIST_ORIGIN = { lat: 41.8786, lng: -87.6251 };
/** The city limits as two boxes, south and north of Madison Street, as a deployment too wide for one might set them. */
const BOXES = [
  { south: 41.644, west: -87.94, north: 41.882, east: -87.524 },
  { south: 41.882, west: -87.94, north: 42.023, east: -87.524 },
];
const REGION_ENV = {
  REGION_NAME: 'Chicago',
  REGION_MAP_CENTER: `${MAP_CENTER.lat},${MAP_CENTER.lng}`,
  REGION_MAP_ZOOM: String(MAP_ZOOM),
  REGION_LIST_ORIGIN: `${LIST_ORIGIN.lat},${LIST_ORIGIN.lng}`,
  REGION_IMPORT_BOXES: BOXES.map((box) => `${box.south},${box.west},${box.north},${box.east}`).join(';'),
  REGION_STATE: 'IL',
  REGION_COUNTRY: 'US',
  REGION_UNITS: 'km',
  REGION_TIME_ZONE: 'America/Chicago',
};

const toilet = (id: number, name: string, housenumber: string, street: string, lat: number, lng: number): FakePlace => ({
  osm: { type: 'N', id },
  name,
  housenumber,
  street,
  city: 'Chicago',
  state: 'Illinois',
  postcode: '60601',
  lat,
  lng,
  category: { key: 'amenity', value: 'toilets' },
  tags: { 'addr:state': 'IL', access: 'yes' },
});

/** Toilets in each box, and one in Evanston, north of the city limits, which no import may bring. */
const CULTURAL_CENTER = toilet(71_000_001, 'Chicago Cultural Center restroom', '78', 'East Washington Street', 41.8837, -87.6249);
const UNION_STATION = toilet(71_000_002, 'Union Station restroom', '225', 'South Canal Street', 41.8787, -87.6403);
const GRANT_PARK = toilet(71_000_003, 'Grant Park comfort station', '337', 'East Randolph Street', 41.8763, -87.6205);
const LINCOLN_PARK = toilet(71_000_004, 'Lincoln Park Zoo restroom', '2001', 'North Clark Street', 41.9212, -87.634);
const EVANSTON = toilet(71_000_005, 'Evanston lakefront restroom', '1', 'Church Street', 42.0451, -87.6677);
const IN_CHICAGO = [CULTURAL_CENTER, UNION_STATION, GRANT_PARK, LINCOLN_PARK];

let server: AppServer;
let overpass: FakeOverpass;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  [overpass, tiles] = await Promise.all([startFakeOverpass([...IN_CHICAGO, EVANSTON]), startFakeTileServer()]);
  server = await startAppServer({
    ...REGION_ENV,
    DEMO_DATA: '0',
    OVERPASS_URL: overpass.url,
    TILE_URL: tiles.template,
    GEOCODER_URL: 'http://127.0.0.1:9',
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([overpass?.stop(), tiles?.stop()]);
});

/** The (south, west, north, east) box of an Overpass query. */
function boxOfQuery(query: string): { south: number; west: number; north: number; east: number } | null {
  const match = /\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query);
  if (match === null) return null;
  const [south, west, north, east] = match.slice(1).map(Number) as [number, number, number, number];
  return { south, west, north, east };
}

/** The standard web-map tile holding a point at a zoom, as "z/x/y". */
function tileAt({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

async function visitorOnBathrooms(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(`${IN_CHICAGO.length} restrooms saved on this device`).waitFor();
  return { context, page };
}

describe('a Chicago deployment set up by configuration', () => {
  it('imports OpenStreetMap toilets from exactly the configured boxes', async () => {
    const context = await newPhoneContext(browser);
    try {
      await signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/addbathrooms`);
      overpass.clearRequests();
      await page.getByRole('button', { name: 'Load toilets from OpenStreetMap' }).click();
      const area = page.getByRole('region', { name: `Toilets from OpenStreetMap (${IN_CHICAGO.length})` });
      await area.getByRole('rowheader').first().waitFor();

      assert.deepEqual(overpass.queries().map(boxOfQuery), BOXES, 'one Overpass query per configured box, in order');
      const names = await area.getByRole('rowheader').allTextContents();
      assert.deepEqual(names.slice().sort(), IN_CHICAGO.map((place) => place.name).sort());

      await page.getByRole('button', { name: 'Add all to database' }).click();
      await eventually(
        async () => ((await (await fetch(`${server.url}/api/bathrooms`)).json()) as unknown[]).length,
        IN_CHICAGO.length,
        'the Chicago toilets are public',
      );
    } finally {
      await context.close();
    }
  });

  it('opens the map on the configured centre at the configured zoom', async () => {
    const { context, page } = await visitorOnBathrooms();
    try {
      const centre = tileAt(MAP_CENTER, MAP_ZOOM);
      await page.locator('.leaflet-marker-icon[role="button"]').first().waitFor();
      await eventually(
        async () => (await mapTiles(page)).some((tile) => tile.src.endsWith(`/${MAP_ZOOM}/${centre.x}/${centre.y}.png`)),
        true,
        'the tile under the configured centre is drawn',
      );
      // Every tile is the configured zoom's and near Chicago: nothing was drawn around Minneapolis.
      for (const { src } of await mapTiles(page)) {
        const [z, x, y] = (/\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(src) ?? []).slice(1).map(Number);
        assert.equal(z, MAP_ZOOM, `${src} is at the configured zoom`);
        assert.ok(Math.abs((x ?? 0) - centre.x) <= 3 && Math.abs((y ?? 0) - centre.y) <= 3, `${src} is beside the centre's tile`);
      }
    } finally {
      await context.close();
    }
  });

  it('lists nearest to the configured downtown first, in kilometres, and shows the detail line with IL', async () => {
    const { context, page } = await visitorOnBathrooms();
    try {
      await page.getByRole('button', { name: 'List view' }).click();
      const list = page.getByRole('list', { name: 'Restrooms' });
      await list.waitFor();
      await page.getByText('Closest to downtown Chicago first.').waitFor();

      const expected = IN_CHICAGO.map((place) => ({ place, miles: restroomDistanceMiles(LIST_ORIGIN, { lat: place.lat, lng: place.lng }) })).sort(
        (a, b) => a.miles - b.miles,
      );
      // The order from the map centre differs, so the order below can only come from the list origin.
      const fromCentre = IN_CHICAGO.slice().sort(
        (a, b) => restroomDistanceMiles(MAP_CENTER, { lat: a.lat, lng: a.lng }) - restroomDistanceMiles(MAP_CENTER, { lat: b.lat, lng: b.lng }),
      );
      assert.notDeepEqual(fromCentre.map((place) => place.name), expected.map(({ place }) => place.name));

      const rows = list.getByRole('listitem');
      await eventually(() => rows.count(), IN_CHICAGO.length, 'every Chicago restroom is listed');
      for (const [index, { place, miles }] of expected.entries()) {
        const row = rows.nth(index);
        assert.equal(await row.getByRole('heading', { level: 2 }).textContent(), place.name, `row ${index + 1}`);
        assert.equal(await row.locator('.distance').textContent(), distanceText(miles, 'km'));
        assert.match(distanceText(miles, 'km'), /^\d+\.\d{2} km$/);
      }

      const first = expected[0]!.place;
      const row = rows.first();
      await row.getByRole('button', { name: `Details for ${first.name}` }).click();
      await row.getByRole('link', { name: 'More info' }).click();
      await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
      await page.getByText(`${first.housenumber} ${first.street}, Chicago, IL`, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
