import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFakeOverpass, startFakePhoton, WALKER_ART_CENTER, type FakeService } from '../../api/test/fakes/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import { demoNearestTo } from './support/demo-data.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { mapTiles, tilesKept } from './support/map-tiles.js';
import { eventually, signUp } from './support/server-api.js';

/*
 * The home screen's address search and map, and adding a restroom with no signal, in the production
 * build with the real service worker. The geocoder (Photon), Overpass and the tile server are fakes
 * on 127.0.0.1 speaking the real formats; nothing reaches the internet.
 */

let server: AppServer;
let photon: FakeService;
let overpass: FakeService;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  [photon, overpass, tiles] = await Promise.all([startFakePhoton(), startFakeOverpass(), startFakeTileServer()]);
  server = await startAppServer({
    GEOCODER: 'photon',
    GEOCODER_URL: photon.url,
    OVERPASS_URL: overpass.url,
    TILE_URL: tiles.template,
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([photon?.stop(), overpass?.stop(), tiles?.stop()]);
});

/** A phone on /bathrooms with the app installed: the service worker in control and the mirror filled. */
async function installedPhone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(/606 restrooms saved on this device/i).waitFor();
  return page;
}

/** Tiles Leaflet finished drawing, and tiles that failed to load. */
async function tileCounts(page: Page): Promise<{ loaded: number; failed: number }> {
  const shown = await mapTiles(page);
  return { loaded: shown.filter((tile) => tile.drawn).length, failed: shown.filter((tile) => tile.failed).length };
}

describe('finding a restroom near an address', () => {
  it('re-sorts the list from a picked suggestion, nearest to that place first', async () => {
    const context = await newPhoneContext(browser);
    const page = await installedPhone(context);
    await page.getByRole('button', { name: 'List view' }).click();
    const expected = demoNearestTo({ lat: WALKER_ART_CENTER.lat, lng: WALKER_ART_CENTER.lng }, 1)[0];
    assert.ok(expected);
    const firstCardHeading = page.locator('.restroom-card h2').first();
    assert.notEqual(await firstCardHeading.textContent(), expected.name, 'the nearest to downtown should differ from the nearest to the Walker');

    await page.getByRole('combobox', { name: 'Enter an address' }).pressSequentially('Walker', { delay: 40 });
    // The place comes first; saved restrooms with a matching name follow it.
    await page.getByRole('option', { name: /^Walker Art Center\s*725 Vineland/ }).click();

    await page.getByText('Closest to Walker Art Center first.').waitFor();
    await eventually(async () => (await firstCardHeading.textContent()) ?? '', expected.name, 'first card after the search');
    assert.ok(photon.requestsTo('/api').length >= 1, 'the suggestions came from the geocoder');
    await context.close();
  });
});

describe('the map', () => {
  it('shows markers, opens a card on tap, and draws the same area from cached tiles offline', async () => {
    const context = await newPhoneContext(browser);
    const page = await installedPhone(context);
    const map = page.getByRole('region', { name: 'Map of restrooms' });
    await map.waitFor();

    const pins = map.getByRole('button', { name: / mi$/ });
    await pins.first().waitFor();
    assert.ok((await pins.count()) > 3, 'several restrooms are pinned around downtown');
    const pinName = (await pins.first().getAttribute('aria-label')) ?? '';
    const restroomName = pinName.replace(/, [\d.]+ mi$/, '');
    await pins.first().click();
    const card = page.getByRole('dialog', { name: restroomName });
    await card.getByRole('heading', { name: restroomName }).waitFor();
    assert.ok(await card.getByRole('link', { name: /More info/ }).isVisible());

    await eventually(async () => (await tileCounts(page)).loaded >= 4, true, 'tiles drawn online');
    // Leaflet pans the map to fit the card, which asks for more tiles: counted once the map is still
    // and every tile on screen has finished, so none is still on its way when the network goes.
    await page.waitForFunction(() => !document.querySelector('.leaflet-pan-anim, .leaflet-zoom-anim'));
    await eventually(async () => (await mapTiles(page)).every((tile) => tile.settled), true, 'every tile on screen finished');
    // Kept by the service worker, whether the map drew them before it took the page over or after.
    const onScreen = (await mapTiles(page)).map((tile) => tile.src);
    await eventually(() => tilesKept(page, onScreen), onScreen.length, 'tiles on screen kept in the tile cache');
    const servedOnline = tiles.served();
    assert.ok(servedOnline >= 4);

    const offline = await goOffline(context);
    await page.reload();
    await map.waitFor();
    await pins.first().waitFor();
    await eventually(async () => (await tileCounts(page)).loaded >= 4, true, 'tiles drawn offline');
    assert.equal((await tileCounts(page)).failed, 0, 'every tile of the area seen before draws offline');
    assert.equal(tiles.served(), servedOnline, 'no tile came from the network');
    assert.ok(offline.aborted() > 0, 'the page did try the network');
    await context.close();
  });
});

describe('adding a restroom with no signal', () => {
  it('reaches the server as pending exactly once when the connection comes back', async () => {
    const context = await newPhoneContext(browser);
    await signUp(context, server);
    const page = await installedPhone(context);
    const me = (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: string };
    const name = `Quiet Corner Café ${Date.now()}`;

    await page.goto(`${server.url}/addbathroom`);
    await page.getByRole('heading', { level: 1, name: 'Add a bathroom' }).waitFor();
    const addressField = page.getByRole('combobox', { name: 'Address or place name' });
    assert.equal(await addressField.evaluate((element) => element === document.activeElement), false, 'no keyboard on arrival');
    await goOffline(context);
    await page.getByRole('combobox', { name: 'Address or place name' }).fill('Spyhouse Coffee');
    await page.getByRole('button', { name: 'Search address' }).click();
    await page.getByText('Looking up an address needs a connection. You can still add the bathroom by hand.').waitFor();
    await page.getByRole('button', { name: 'Add it by hand' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add more info here:' });
    // The title takes the focus, not Name: no keyboard pops over the form; Escape still closes it.
    const title = dialog.getByRole('heading', { name: 'Add more info here:' });
    await eventually(() => title.evaluate((element) => element === document.activeElement), true, 'focus on the dialog title');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add it by hand' }).click();
    await eventually(() => title.evaluate((element) => element === document.activeElement), true, 'focus on the dialog title again');
    await page.keyboard.press('Tab');
    assert.equal(await dialog.getByRole('textbox', { name: 'Name' }).evaluate((element) => element === document.activeElement), true, 'Tab goes on to Name');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('945 Broadway St NE, Minneapolis, MN 55413');
    await dialog.getByRole('group', { name: 'Gender-neutral' }).getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('group', { name: 'Single stall' }).getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('group', { name: 'Changing table' }).getByRole('radio', { name: 'No', exact: true }).check();
    await dialog.getByRole('button', { name: 'Submit bathroom' }).click();
    const thanks = page.getByRole('alertdialog', { name: 'Thank you!' });
    await thanks.getByText('Bathroom received!').waitFor();
    await thanks.getByText('An admin will review it before it appears for everyone.').waitFor();
    await thanks.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByText('1 change waiting to be sent').waitFor();

    const mine = async () => {
      const response = await fetch(`${server.url}/api/users/${me.id}/restrooms`, {
        headers: { cookie: (await context.cookies(server.url)).map((c) => `${c.name}=${c.value}`).join('; ') },
      });
      const rows = (await response.json()) as Array<{
        name: string;
        status: string;
        unisex: boolean | null;
        is_single_stall: boolean | null;
        changing_table: boolean | null;
        accessible: boolean | null;
      }>;
      return rows.filter((row) => row.name === name);
    };
    assert.equal((await mine()).length, 0, 'nothing can reach the server while offline');

    await goOnline(context);
    await eventually(async () => (await mine()).length, 1, 'restrooms with that name on the server');
    // A pause, not a wait for a condition: a second copy must NOT arrive, and a busy machine can only
    // make the check see less, never fail it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stored = await mine();
    assert.equal(stored.length, 1, 'still exactly one a moment later');
    // Yes and no as chosen; the question left at 'Not sure' arrives unknown, never as no.
    assert.deepEqual(
      {
        status: stored[0]?.status,
        unisex: stored[0]?.unisex,
        single: stored[0]?.is_single_stall,
        changingTable: stored[0]?.changing_table,
        accessible: stored[0]?.accessible,
      },
      { status: 'pending', unisex: true, single: true, changingTable: false, accessible: null },
    );
    const publicList = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Array<{ name: string }>;
    assert.ok(!publicList.some((row) => row.name === name), 'a pending restroom is not public');

    await page.goto(`${server.url}/user`);
    const added = page.getByRole('region', { name: 'Bathrooms you added' });
    await added.getByText(name).waitFor();
    await added.getByText('Waiting for review').waitFor();
    await context.close();
  });
});
