import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, launchChromium, newPhoneContext } from './support/browser.js';
import { demoNearestToDefaultOrigin } from './support/demo-data.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { mapTiles, tilesKept } from './support/map-tiles.js';
import { eventually } from './support/server-api.js';

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem');

async function firstRows(page: Page, count: number): Promise<Array<{ name: string; distance: string }>> {
  const rows = rowsOf(page);
  await rows.nth(count - 1).waitFor();
  const result = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const name = (await row.getByRole('heading').first().textContent())?.trim() ?? '';
    const distance = (await row.getByText(/^\d+\.\d\d mi$/).first().textContent())?.trim() ?? '';
    result.push({ name, distance });
  }
  return result;
}

/** The detail page's small map of `name`'s spot (docs/product-rules.md#restroom-detail). */
const spotMap = (page: Page, name: string) => page.getByRole('figure', { name: `Map of where ${name} is` });

/** Every tile of the page's maps finished loading, drawn or blank. */
async function tilesSettled(page: Page): Promise<boolean> {
  const shown = await mapTiles(page);
  return shown.length > 0 && shown.every((tile) => tile.settled);
}

/** The small map is there with the restroom's pin at its middle, and its tiles have finished. */
async function assertSpotMap(page: Page, name: string): Promise<void> {
  const map = spotMap(page, name);
  const pin = map.locator('.leaflet-marker-icon');
  await pin.waitFor();
  const [mapBox, pinBox] = await Promise.all([map.boundingBox(), pin.boundingBox()]);
  assert.ok(mapBox && pinBox, 'the map and its pin are laid out');
  // The pin's point (its bottom middle) stands at the map's middle: the restroom's own coordinates.
  assert.ok(Math.abs(pinBox.x + pinBox.width / 2 - (mapBox.x + mapBox.width / 2)) <= 2, 'the pin is centred across');
  assert.ok(Math.abs(pinBox.y + pinBox.height - 1 - (mapBox.y + mapBox.height / 2)) <= 2, 'the pin points at the middle');
  await eventually(() => tilesSettled(page), true, 'the small map’s tiles drawn or failed', 30_000);
}

describe('reading restrooms, online and then with no network at all', () => {
  let server: AppServer;
  let tiles: FakeTileServer;
  let browser: Browser;
  let context: BrowserContext;
  const expected = demoNearestToDefaultOrigin(6);
  const pageErrors: string[] = [];

  before(async () => {
    // no-store: offline, a tile can only come from the app's own tile cache, never the browser's.
    tiles = await startFakeTileServer({ cacheControl: 'no-store' });
    server = await startAppServer({ TILE_URL: tiles.template });
    browser = await launchChromium();
    context = await newPhoneContext(browser);
    context.on('weberror', (error) => pageErrors.push(error.error().message));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await tiles?.stop();
  });

  it('lists the demo restrooms nearest the default origin, in order, with distances', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    // The map is the first view (docs/product-rules.md#views); the choice of the list is remembered on the device.
    await page.getByRole('button', { name: 'List view' }).click();
    const shown = await firstRows(page, 6);
    // The two nearest listings share one coordinate, so their order between themselves is free.
    assert.deepEqual(
      shown.slice(0, 2).map((r) => r.name).sort(),
      expected.slice(0, 2).map((r) => r.name).sort(),
    );
    assert.deepEqual(shown.slice(2).map((r) => r.name), expected.slice(2).map((r) => r.name));
    assert.deepEqual(
      shown.map((r) => r.distance),
      expected.map((r) => `${r.distance.toFixed(2)} mi`),
    );
    // The mirror is complete before we cut the network: every visible demo listing is stored.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();

    // The third restroom's page shows where it is on a small map, its tiles drawn and kept.
    const third = rowsOf(page).nth(2);
    await third.getByRole('button', { name: `Details for ${expected[2]!.name}` }).click();
    await third.getByRole('link', { name: 'More info' }).click();
    await page.getByRole('heading', { level: 1, name: expected[2]!.name }).waitFor();
    await assertSpotMap(page, expected[2]!.name);
    const tileSources = (await mapTiles(page)).map((tile) => tile.src);
    assert.deepEqual((await mapTiles(page)).filter((tile) => !tile.drawn), [], 'every tile of the small map drawn online');
    await eventually(() => tilesKept(page, tileSources), tileSources.length, 'the small map’s tiles kept in the tile cache', 30_000);
    await page.close();
  });

  it('after the first sync, the drawer says how much the device holds and whether the browser keeps it', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
    // Asked once, after the first sync saved the restrooms (headless Chromium may grant it or not).
    assert.equal(await page.evaluate(() => localStorage.getItem('allstall:keepDataAsked')), '{"version":1,"value":true}');
    await page.locator('.top-bar').getByRole('button', { name: 'Menu' }).click();
    const line = page.locator('dialog.nav-drawer[open] .device-storage');
    const text = (await line.textContent({ timeout: 30_000 })) ?? '';
    const said = /^Saved on this device: ([\d.,]+) (kB|MB|GB) · (kept|may be cleared when space runs low Install the app to keep it\.)$/.exec(text);
    assert.ok(said, `the drawer's line reads whole: "${text}"`);
    assert.ok(Number(said[1]!.replace(/,/g, '')) > 0, 'something is saved');
    const kept = await page.evaluate(() => navigator.storage.persisted());
    assert.equal(said[3] === 'kept', kept, 'the drawer says what the browser decided');
    await page.close();
  });

  it('reloads the list and opens a detail screen with every request aborted', async () => {
    const page = await context.newPage();
    const offline = await goOffline(context);
    await page.goto(`${server.url}/bathrooms`);
    const shown = await firstRows(page, 3);
    assert.deepEqual(shown.slice(2).map((r) => r.name), expected.slice(2, 3).map((r) => r.name));

    const third = rowsOf(page).nth(2);
    await third.getByRole('button', { name: `Details for ${expected[2]!.name}` }).click();
    await third.getByRole('link', { name: 'More info' }).click();
    await page.getByRole('heading', { level: 1, name: expected[2]!.name }).waitFor();
    assert.match(page.url(), /\/bathrooms\/[0-9a-f-]{36}$/);

    // A cold load of the detail URL itself is served by the service worker too, its small map
    // drawn whole from the tiles kept when it was seen online.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: expected[2]!.name }).waitFor();
    await assertSpotMap(page, expected[2]!.name);
    assert.deepEqual((await mapTiles(page)).filter((tile) => !tile.drawn), [], 'every tile of the small map drawn offline');

    // A restroom never opened before: its tiles were never fetched, so they stay blank, but the map
    // and its pin are there and the page reads whole.
    await page.goto(`${server.url}/bathrooms`);
    const fourth = rowsOf(page).nth(3);
    await fourth.getByRole('button', { name: `Details for ${expected[3]!.name}` }).click();
    await fourth.getByRole('link', { name: 'More info' }).click();
    await page.getByRole('heading', { level: 1, name: expected[3]!.name }).waitFor();
    await assertSpotMap(page, expected[3]!.name);
    await page.getByRole('link', { name: `Directions to ${expected[3]!.name}` }).waitFor();
    assert.deepEqual(pageErrors, [], 'no page error, online or offline');
    assert.ok(offline.aborted() > 0, 'the app did try the network, and every request was refused');
    await page.close();
  });

  it('sends Directions to Apple Maps once it is chosen in the drawer, still after a reload (offline too)', async () => {
    const page = await context.newPage();
    const restroom = expected[2]!;
    await page.goto(`${server.url}/bathrooms`);
    const third = rowsOf(page).nth(2);
    await third.getByRole('button', { name: `Details for ${restroom.name}` }).click();
    await third.getByRole('link', { name: 'More info' }).click();
    await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
    const directions = page.getByRole('link', { name: `Directions to ${restroom.name}` });
    // Chromium on Linux is no Apple device: Google Maps until the person chooses.
    assert.match((await directions.getAttribute('href')) ?? '', /^https:\/\/www\.google\.com\/maps\/dir\/\?/);

    await page.locator('.top-bar').getByRole('button', { name: 'Menu' }).click();
    const drawer = page.locator('dialog.nav-drawer[open]');
    await drawer.getByRole('combobox', { name: 'Maps app' }).selectOption({ label: 'Apple Maps' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // No position was shared, so no start: Apple Maps starts from wherever the person is, on foot.
    const apple = `https://maps.apple.com/?daddr=${encodeURIComponent(`${restroom.latitude},${restroom.longitude}`)}&dirflg=w`;
    assert.equal(await directions.getAttribute('href'), apple);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
    assert.equal(await directions.getAttribute('href'), apple);
    await page.locator('.top-bar').getByRole('button', { name: 'Menu' }).click();
    assert.equal(await drawer.getByRole('combobox', { name: 'Maps app' }).inputValue(), 'apple');
    await page.close();
  });
});
