import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SyncPieceIndex } from '@allstall/shared';
import { COUNTRY_LAYOUT } from '../bench/support/country-layout.js';
import { mirrorState } from '../bench/support/mirror.js';
import { seedSyntheticRestrooms } from '../bench/support/synthetic-database.js';
import { warmUpPieces } from '../bench/support/snapshot-warm-up.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { E2E_WAIT_MS, launchChromium, PHONE_VIEWPORT } from './support/browser.js';
import { waitForEveryRestroomSaved, watchFirstSync } from './support/first-sync-watch.js';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.js';
import { PHONE_3G, startThrottlingProxy, type ThrottlingProxy } from './support/throttling-proxy.js';

/*
 * Issue 39's first visit on a phone's link, far from the region's centre: a deployment centred on
 * Minneapolis holding restrooms over the whole country, a fresh phone in Seattle with its position
 * allowed, the list open, everything through one shared 3G link (throttling-proxy.ts). The nearest
 * restrooms come from the server's nearby answer before a tenth of the set is saved; the link drops
 * at about half the pieces; after a reload the first sync resumes with only the pieces not stored
 * and ends with exactly every restroom, each once.
 */

const RESTROOMS = 20_000;
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
const NEAR_MILES = 15;
/** Generous: a loaded two-core machine, through a 1.6 Mbit/s link. */
const CEILING_MS = 300_000;
const MARK = 'From the server · not yet saved on this device';

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem');

/** The first sync's progress as the device stored it, read straight from IndexedDB. */
function storedProgress(page: Page): Promise<{ stored: string[]; cursor: string | null }> {
  return page.evaluate(
    () =>
      new Promise<{ stored: string[]; cursor: string | null }>((resolve, reject) => {
        const open = indexedDB.open('allstall');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('meta');
          const progress = read.objectStore('meta').get('firstSyncPieces');
          const cursor = read.objectStore('meta').get('syncCursor');
          read.oncomplete = () => {
            db.close();
            const pieces = (progress.result as { value?: { stored: Array<{ name: string }> } } | undefined)?.value?.stored ?? [];
            resolve({ stored: pieces.map((piece) => piece.name), cursor: (cursor.result as { value?: string } | undefined)?.value ?? null });
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** The miles the list's first row says, or null before it shows one. */
async function firstRowMiles(page: Page): Promise<number | null> {
  const text = (await rowsOf(page).first().textContent({ timeout: 1000 }).catch(() => null)) ?? '';
  const miles = /(\d+(?:\.\d+)?) mi\b/.exec(text);
  return miles ? Number(miles[1]) : null;
}

describe('a first visit in Seattle on one shared 3G link, cut half-way', () => {
  let server: AppServer;
  let counting: LoopbackProxy;
  let link: ThrottlingProxy;
  let browser: Browser;
  let context: BrowserContext;
  let index: SyncPieceIndex;
  /** Every path the phone asked for, in order, as the server's side of the link saw it. */
  const asked: string[] = [];

  before(async () => {
    server = await startAppServer({ DEMO_DATA: '0' }, (dataDir) => seedSyntheticRestrooms(dataDir, RESTROOMS, COUNTRY_LAYOUT));
    // Built before the phone asks, as a deployment serves most devices pieces already built.
    await warmUpPieces(server);
    index = (await (await fetch(`${server.url}/api/sync/pieces`)).json()) as SyncPieceIndex;
    counting = await startLoopbackProxy(server.url, (incoming, answer, outgoing) => {
      asked.push(incoming.url ?? '');
      answer.pipe(outgoing);
    });
    link = await startThrottlingProxy(counting.url, PHONE_3G);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: PHONE_VIEWPORT, serviceWorkers: 'allow', geolocation: SEATTLE, permissions: ['geolocation'] });
    context.setDefaultTimeout(E2E_WAIT_MS);
    await watchFirstSync(context, 'list');
  });

  after(async () => {
    await browser?.close();
    await link?.stop();
    await counting?.stop();
    await server?.stop();
  });

  it('shows the nearest restrooms from the nearby answer early, resumes after the cut with only the pieces not stored, and ends with exactly every restroom', async () => {
    const piecePaths = () => asked.filter((path) => path.startsWith('/api/sync/pieces/')).map((path) => decodeURIComponent(path.split('/').pop()!));
    const bytesOf = new Map(index.pieces.map((piece) => [piece.name, piece.bytes]));
    const wholeBytes = index.pieces.reduce((sum, piece) => sum + piece.bytes, 0);
    assert.ok(index.pieces.length >= 20, `the country makes many pieces (${index.pieces.length})`);

    const page = await context.newPage();
    await page.goto(`${link.url}/bathrooms`);
    // The first row within 15 miles of the person, marked as from the server, before a tenth is saved.
    await page.waitForFunction(
      (near) => {
        const row = document.querySelector('[aria-label="Restrooms"] li');
        const miles = /(\d+(?:\.\d+)?) mi\b/.exec(row?.textContent ?? '');
        return miles !== null && Number(miles[1]) < near;
      },
      NEAR_MILES,
      { timeout: CEILING_MS, polling: 100 },
    );
    const savedAtFirstRow = (await mirrorState(page)).restrooms;
    assert.ok(savedAtFirstRow < RESTROOMS / 10, `the first near row showed only once ${savedAtFirstRow} of ${RESTROOMS} were saved`);
    assert.ok((await firstRowMiles(page))! < NEAR_MILES);
    assert.ok(asked.some((path) => path.startsWith('/api/bathrooms/nearby?')), 'the nearby answer was asked for');

    // The link drops once about half the pieces have been asked for, and stays down for a while.
    const half = Math.ceil(index.pieces.length / 2);
    for (const started = Date.now(); piecePaths().length < half; ) {
      assert.ok(Date.now() - started < CEILING_MS, `only ${piecePaths().length} pieces were asked for`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    link.cut({ refuse: true });
    // What the device holds once the link is gone: some pieces, each whole, and no cursor.
    let before = await storedProgress(page);
    for (const started = Date.now(); before.stored.length === 0 && Date.now() - started < 30_000; before = await storedProgress(page)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(before.cursor, null, 'a cut first sync has no cursor');
    assert.ok(before.stored.length > 0 && before.stored.length < index.pieces.length, `stored ${before.stored.length} of ${index.pieces.length} pieces before the cut`);

    // The signal comes back; the person reloads.
    link.restore();
    const mark = piecePaths().length;
    await page.reload();
    await waitForEveryRestroomSaved(page, RESTROOMS, CEILING_MS);

    const fetchedAfter = piecePaths().slice(mark);
    for (const name of before.stored) assert.ok(!fetchedAfter.includes(name), `${name} was stored before the cut and fetched again`);
    const bytesAfter = [...new Set(fetchedAfter)].reduce((sum, name) => sum + (bytesOf.get(name) ?? 0), 0);
    assert.ok(bytesAfter < 0.6 * wholeBytes, `after the cut the device fetched ${bytesAfter} of ${wholeBytes} piece bytes`);
    const state = await mirrorState(page);
    assert.equal(state.restrooms, RESTROOMS, 'the device holds every restroom, each once');
    assert.equal((await storedProgress(page)).cursor, index.cursor);
    await page.getByText(`${RESTROOMS.toLocaleString('en-US')} restrooms saved on this device`).waitFor();
    assert.equal(await page.getByText(MARK).count(), 0, 'no longer marked as from the server');
  });
});
