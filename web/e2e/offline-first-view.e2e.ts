import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, launchChromium, newPhoneContext, slowConnection } from './support/browser.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { mapTiles, tilesKept } from './support/map-tiles.js';
import { eventually } from './support/server-api.js';

/*
 * The map's very first view, seen once on a slow connection, draws again with no network. On such a
 * connection the map fetches its tiles before the service worker has installed and taken the page
 * over, so the worker's tile route never sees them. The tile server forbids HTTP caching, so only
 * the app's own tile cache can bring a tile back offline.
 */

/** Extra time before every request goes out, as on a phone with weak signal. */
const LATENCY_MS = 250;

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  tiles = await startFakeTileServer({ cacheControl: 'no-store' });
  server = await startAppServer({ TILE_URL: tiles.template });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.stop();
});

const everyTileDrawn = async (page: Page) => {
  const shown = await mapTiles(page);
  return shown.length > 0 && shown.every((tile) => tile.drawn);
};

describe('the map first seen on a slow connection', () => {
  it('draws every tile of that first view again offline', async () => {
    const context = await newPhoneContext(browser);
    await slowConnection(context, LATENCY_MS);
    // Tile requests the page itself sent to the network, not through a service worker.
    const fetchedByPage = new Set<string>();
    context.on('request', (request) => {
      if (request.url().startsWith(tiles.template.split('{z}')[0]!) && request.serviceWorker() === null) fetchedByPage.add(request.url());
    });
    const page = await context.newPage();
    let controlledAtFirstTile: Promise<boolean> | undefined;
    tiles.onRequest(() => {
      // The controller only ever goes from none to one: none now means none when the tile was asked for.
      controlledAtFirstTile ??= page.evaluate(() => navigator.serviceWorker.controller !== null);
    });

    await page.goto(`${server.url}/bathrooms`);
    await page.getByText(/606 restrooms saved on this device/i).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await eventually(() => everyTileDrawn(page), true, 'every tile of the first view drawn online', 30_000);
    const firstView = (await mapTiles(page)).map((tile) => tile.src).sort();

    assert.ok(controlledAtFirstTile, 'the tile server was asked for tiles');
    assert.equal(await controlledAtFirstTile, false, 'the first tile was asked for before the service worker took the page over');
    const beforeTakeover = firstView.filter((src) => fetchedByPage.has(src));
    assert.ok(beforeTakeover.length > 0, `some tiles of the first view were fetched by the page itself, before the worker took over (of ${firstView.length})`);

    // The worker stores them in its tile cache (the app's own: the tile server forbids any other).
    await eventually(() => tilesKept(page, firstView), firstView.length, 'tiles of the first view kept in the tile cache', 30_000);
    const servedOnline = tiles.served();

    const offline = await goOffline(context);
    const again = await context.newPage();
    await again.goto(`${server.url}/bathrooms`);
    await again.getByRole('region', { name: 'Map of restrooms' }).waitFor();
    const settled = async () => {
      const shown = await mapTiles(again);
      return shown.length > 0 && shown.every((tile) => tile.settled);
    };
    await eventually(settled, true, 'every tile drawn or failed offline', 30_000);
    const shownOffline = await mapTiles(again);
    assert.deepEqual(shownOffline.map((tile) => tile.src).sort(), firstView, 'the same view as the first visit');
    assert.deepEqual(shownOffline.filter((tile) => tile.failed).map((tile) => tile.src), [], 'no tile of the first view is blank offline');
    assert.ok(await everyTileDrawn(again), 'every tile of the first view draws offline');
    assert.equal(tiles.served(), servedOnline, 'no tile came from the network');
    assert.ok(offline.aborted() > 0, 'the page did try the network');
    await context.close();
  });
});
