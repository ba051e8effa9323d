import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { E2E_WAIT_MS, goOffline, goOnline, launchChromium, launchPhoneProfile, newPhoneContext } from './support/browser.js';
import { showMapView } from './support/map-tiles.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { startPackProxy, type PackProxy } from './support/pack-proxy.js';
import { makeVectorPack, type VectorPack } from './support/vector-pack.js';

/*
 * The map pack on a phone (issue 28, docs/map-pack.md#on-the-device): a real vector pack made by the
 * tests, served by the api from MAP_PACK_FILE behind a proxy that can slow and cut its download; the
 * app is the production build with its service worker and the demo restrooms (the map shows once
 * some are saved); the tile server is a fake on 127.0.0.1.
 */

const WAIT = { timeout: E2E_WAIT_MS };

let packDir: string;
let pack: VectorPack;
let server: AppServer;
let proxy: PackProxy;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  packDir = mkdtempSync(join(tmpdir(), 'allstall-pack-'));
  // Padded to a few MB: Chromium reserves the space of a file being written a megabyte or more at a
  // time, so a pack of a few kB would never meet the quota the last test sets half-way through it.
  pack = await makeVectorPack(packDir, { fillerBytes: 6_000_000 });
  tiles = await startFakeTileServer();
  server = await startAppServer({ MAP_PACK_FILE: pack.file, TILE_URL: tiles.template });
  proxy = await startPackProxy(server.url);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await proxy?.stop();
  await server?.stop();
  await tiles?.stop();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/** The files of the device's map pack folder, with their sizes. */
function packFolder(page: Page): Promise<Record<string, number>> {
  return page.evaluate(`(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('map-pack', { create: true });
    const files = {};
    for await (const [name, handle] of folder.entries()) files[name] = (await handle.getFile()).size;
    return files;
  })()`);
}

/** SHA-256 of the saved pack, as the device holds it. */
function savedPackDigest(page: Page, name: string): Promise<string> {
  return page.evaluate(`(async () => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('map-pack');
    const bytes = await (await (await folder.getFileHandle(${JSON.stringify(name)})).getFile()).arrayBuffer();
    return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  })()`);
}

interface PackTilePixels {
  tiles: number;
  /** Tiles with more than a few distinct colours: streets, water and parks drawn, not a blank. */
  drawn: number;
  /** Mean luminance (0–255) over every drawn tile's pixels. */
  luminance: number;
}

/** Reads the pixels of the pack's tiles on the map (canvases of protomaps-leaflet's layer). */
function packTilePixels(page: Page): Promise<PackTilePixels> {
  return page.evaluate(`(() => {
    const canvases = [...document.querySelectorAll('.pack-tiles canvas.leaflet-tile-loaded')];
    let drawn = 0, sum = 0, count = 0;
    for (const canvas of canvases) {
      if (canvas.width === 0) continue;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) {
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        sum += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
        count++;
      }
      if (colours.size > 3) drawn++;
    }
    return { tiles: canvases.length, drawn, luminance: count === 0 ? 0 : sum / count };
  })()`);
}

async function openDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('region', { name: 'Offline map' }).waitFor(WAIT);
}

/** Every value the drawer's progress bar takes, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(`(() => {
    window.__packProgress = [];
    new MutationObserver(() => {
      const bar = document.querySelector('.map-pack progress');
      if (bar) window.__packProgress.push(Number(bar.getAttribute('value')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  })()`);
  return () => page.evaluate('window.__packProgress');
}

async function freshDevice(colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser, { colorScheme });
  const page = await context.newPage();
  await page.goto(`${proxy.url}/bathrooms`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
  return { context, page };
}

describe('the map saved for offline use', () => {
  it('saves the pack with its progress rising, resumes a cut download from the byte it stopped at, and draws offline where the map was never viewed', async () => {
    const { context, page } = await freshDevice();
    try {
      await openDrawer(page);
      const drawer = page.getByRole('region', { name: 'Offline map' });
      const save = drawer.getByRole('button', { name: /^Save the map of Minneapolis for offline use · [\d.]+ MB$/ });
      await save.waitFor(WAIT);
      await expectNoViolations(page, 'the drawer offering the map pack');

      // Slow enough to watch it rise; cut at about 40%, as a phone losing its signal.
      const cut = Math.round(pack.bytes * 0.4);
      proxy.throttle(Math.max(20_000, Math.round(pack.bytes / 4)));
      proxy.cutAfter(cut);
      const progress = await recordProgress(page);
      await save.click();
      await drawer.getByText(/The connection was lost at/).waitFor(WAIT);
      await expectNoViolations(page, 'the drawer while the download waits for the connection');
      // Said to a screen reader as it happens, and written under the heading.
      await drawer.getByRole('status').filter({ hasText: /^The map of Minneapolis is saved on this device/ }).waitFor(WAIT);
      await drawer.locator('.map-pack__note').filter({ hasText: /^The map of Minneapolis is saved on this device \([\d.]+ MB\): it works offline\.$/ }).waitFor(WAIT);
      proxy.throttle(null);

      const requests = proxy.requests.filter((request) => request.method === 'GET');
      assert.equal(requests.length, 2, `one cut download and one resume: ${JSON.stringify(requests)}`);
      assert.deepEqual([requests[0]!.range, requests[0]!.status, requests[0]!.sentBytes], [null, 200, cut]);
      // The page reads what arrived up to the cut, less what the browser still held unread when the
      // connection broke (a stream that errors drops its queue; on a busy machine that can be a few
      // kilobytes): the resume starts where the saved bytes end, never from zero, never past the cut.
      const resumedAt = Number(/^bytes=(\d+)-$/.exec(requests[1]!.range ?? '')?.[1]);
      assert.ok(resumedAt > cut / 2 && resumedAt <= cut, `the resume asks for the rest from the byte where it stopped: ${requests[1]!.range}, cut at ${cut}`);
      assert.equal(requests[1]!.status, 206);
      assert.ok(requests[1]!.ifRange !== null, 'the resume names the tag of the bytes it has');
      assert.equal(requests[1]!.sentBytes, pack.bytes - resumedAt);

      const values = await progress();
      assert.ok(values.some((value) => value > 0 && value < cut), `progress rose before the cut: ${values.join(', ')}`);
      assert.ok(values.some((value) => value > resumedAt && value < pack.bytes), `and went on after it: ${values.join(', ')}`);
      assert.deepEqual(values, [...values].sort((a, b) => a - b), 'progress never goes back');
      assert.ok(Math.max(...values) >= pack.bytes * 0.9, `it reached the end: ${values.join(', ')}`);

      const files = await packFolder(page);
      const [savedName] = Object.keys(files);
      assert.deepEqual(Object.values(files), [pack.bytes], `only the whole pack is kept: ${JSON.stringify(files)}`);
      assert.match(savedName!, /\.pmtiles$/);
      assert.equal(await savedPackDigest(page, savedName!), pack.sha256, 'the saved bytes are the pack, spliced right');
      await expectNoViolations(page, 'the drawer with the map saved');
      await page.keyboard.press('Escape');

      // Offline, and the map opened for the first time on this device: the pack draws it.
      await goOffline(context);
      const servedBefore = tiles.served();
      await page.reload();
      await showMapView(page);
      await page.waitForFunction(() => document.querySelectorAll('.pack-tiles canvas.leaflet-tile-loaded').length >= 4, undefined, WAIT);
      const pixels = await packTilePixels(page);
      assert.ok(pixels.drawn >= 4, `the pack's tiles have streets, water and parks drawn: ${JSON.stringify(pixels)}`);
      assert.ok(pixels.luminance > 150, `the light style: ${JSON.stringify(pixels)}`);
      assert.equal(tiles.served(), servedBefore, 'the tile server was not asked');
      assert.match(await page.locator('.leaflet-control-attribution').innerText(), /Protomaps © OpenStreetMap/, 'the pack\'s credit is on the map');

      // Deleting frees the space; the tile server draws again.
      await goOnline(context);
      await openDrawer(page);
      await page.getByRole('button', { name: 'Delete the saved map' }).click();
      await page.getByRole('status').filter({ hasText: 'The saved map was deleted.' }).waitFor(WAIT);
      assert.deepEqual(await packFolder(page), {});
    } finally {
      await context.close();
    }
  });

  it('draws the dark style in the dark theme, and asks the tile server for none of the tiles the pack covers', async () => {
    proxy.requests.length = 0;
    const { context, page } = await freshDevice('dark');
    try {
      await openDrawer(page);
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /^Save the map of Minneapolis/ }).click();
      await page.getByRole('region', { name: 'Offline map' }).locator('.map-pack__note').filter({ hasText: /^The map of Minneapolis is saved/ }).waitFor(WAIT);
      await page.keyboard.press('Escape');
      const servedBefore = tiles.served();
      await showMapView(page);
      await page.waitForFunction(() => document.querySelectorAll('.pack-tiles canvas.leaflet-tile-loaded').length >= 4, undefined, WAIT);
      const pixels = await packTilePixels(page);
      assert.ok(pixels.drawn >= 4, JSON.stringify(pixels));
      assert.ok(pixels.luminance < 90, `the dark style: ${JSON.stringify(pixels)}`);
      assert.equal(tiles.served(), servedBefore, 'downtown is all in the pack: no tile was fetched');
    } finally {
      await context.close();
    }
  });

  it('says plainly when the device runs out of space, leaves nothing half-saved, and offers the pack once on the map', async () => {
    proxy.requests.length = 0;
    const profile = mkdtempSync(join(tmpdir(), 'allstall-profile-'));
    const context = await launchPhoneProfile(profile);
    try {
      const page = await context.newPage();
      await page.goto(`${proxy.url}/bathrooms`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
      // The browser's own quota for this site, made room for half the pack. Chromium refuses writes
      // past it (estimate() still reports the disk's, so the check before starting passes, as on a
      // phone whose space went to another app meanwhile): the download stops at the refused write.
      const { usage } = (await page.evaluate('navigator.storage.estimate()')) as { usage: number };
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: proxy.url, quotaSize: usage + Math.round(pack.bytes / 2) });

      await showMapView(page);
      const offer = page.getByRole('complementary', { name: 'Offline map' });
      await offer.getByRole('button', { name: /^Save the map of Minneapolis/ }).click();
      await offer.getByRole('alert').filter({ hasText: /^This device ran out of space while saving the map, so nothing was kept\./ }).waitFor(WAIT);
      assert.deepEqual(await packFolder(page), {}, 'nothing half-saved is left');
      const tried = proxy.requests.filter((request) => request.method === 'GET');
      assert.equal(tried.length, 1, `it was tried once: ${JSON.stringify(tried)}`);
      await expectNoViolations(page, 'the map with the offer saying there is no space');

      await offer.getByRole('button', { name: 'Hide' }).click();
      await offer.waitFor({ state: 'detached', ...WAIT });
      await page.reload();
      await showMapView(page);
      await page.locator('.restroom-map .leaflet-tile-loaded').first().waitFor(WAIT);
      assert.equal(await offer.count(), 0, 'the offer is made once');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
