import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { seedSyntheticRestrooms } from '../bench/support/synthetic-database.js';
import { warmUpPieces } from '../bench/support/snapshot-warm-up.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, launchChromium, newPhoneContext } from './support/browser.js';
import { readFirstSync, waitForEveryRestroomSaved, watchFirstSync } from './support/first-sync-watch.js';
import { assertSavedLineClimbsTo } from './support/saved-line-checks.js';
import { startSlowProxy, type SlowProxy } from './support/slow-proxy.js';

const RESTROOMS = 20_000;
const SAVED_LINE = '20,000 restrooms saved on this device';
/** A first sync of 20,000 takes seconds; on a loaded two-core machine, and before issue 13, far longer. */
const FIRST_SYNC_CEILING_MS = 300_000;
/** The pieces are slowed to arrive over about this long, so the list has time to show rows before their end. */
const PIECES_DOWNLOAD_MS = 4000;

/** The first sync's index; each piece is under it. */
const PIECES_PATH = '/api/sync/pieces';

/*
 * Every request the page's own thread makes, by path, from its resource timeline (a script string
 * for the reason first-sync-watch.ts gives). A dedicated worker has a timeline of its own, so a
 * request the snapshot worker makes never shows here, and one the page makes always does.
 */
const PAGE_REQUESTS_SCRIPT = String.raw`(() => {
  const paths = [];
  window.__pageRequests = paths;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) paths.push(new URL(entry.name).pathname);
  }).observe({ type: 'resource', buffered: true });
})()`;

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem');

describe('a fresh device saving 20,000 restrooms with the list open', () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let proxy: SlowProxy;

  before(async () => {
    // The bench's synthetic Twin Cities listings, written into the database before the server starts.
    server = await startAppServer({ DEMO_DATA: '0' }, (dataDir) => seedSyntheticRestrooms(dataDir, RESTROOMS));
    // Built once before the device asks, as a deployment serves most devices pieces already built.
    const piecesBytes = (await warmUpPieces(server))?.bytes ?? 0;
    // On loopback every piece could arrive before the first frame is drawn, and the order of first
    // row and last count would be a race. At a phone's speed it takes seconds, so a list that draws
    // rows from the first ones saved shows them long before the end; one that waits does not.
    proxy = await startSlowProxy(server.url, PIECES_PATH, Math.max(50_000, Math.round(piecesBytes / (PIECES_DOWNLOAD_MS / 1000))));
    browser = await launchChromium();
    context = await newPhoneContext(browser);
    await watchFirstSync(context);
    await context.addInitScript(PAGE_REQUESTS_SCRIPT);
  });

  after(async () => {
    await browser?.close();
    await proxy?.stop();
    await server?.stop();
  });

  it('shows its first row before every restroom is saved, counts saved restrooms only upwards, to exactly 20,000, and opens offline', async () => {
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    const indexRequests: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === PIECES_PATH) indexRequests.push(request);
    });
    await page.goto(`${proxy.url}/bathrooms`);
    await waitForEveryRestroomSaved(page, RESTROOMS, FIRST_SYNC_CEILING_MS);

    const record = await readFirstSync(page);
    const shown = assertSavedLineClimbsTo(record, RESTROOMS);

    // The first row came early: while nothing shown yet said all 20,000 were saved.
    assert.ok(record.firstListRowMs !== null, 'no list row was ever shown');
    const shownByFirstRow = shown.filter((entry) => entry.ms <= record.firstListRowMs!);
    assert.ok(
      shownByFirstRow.every((entry) => entry.count.saved < RESTROOMS),
      `the first row showed at ${record.firstListRowMs.toFixed(0)} ms, only after the saved line said: ${shownByFirstRow.map((entry) => `${entry.text} (${entry.ms.toFixed(0)} ms)`).join(' | ')}`,
    );

    // The page asked for the index at once and the snapshot worker read it and fetched the pieces,
    // off the page's main thread: a dedicated worker of the snapshot's chunk was started, there was
    // one index request (not the service worker's) and the page's own thread made it, no piece was
    // asked for by the page, and the page never fetched the code that reads pieces on its own thread
    // (the in-page first sync, which carries the line reader): the rows it drew came parsed from the worker.
    assert.ok(
      workers.some((path) => /^\/assets\/snapshot-worker-[\w-]+\.js$/.test(path)),
      `no snapshot worker was started; workers: ${workers.join(', ') || 'none'}`,
    );
    const fromClients = indexRequests.filter((request) => request.serviceWorker() === null);
    assert.equal(fromClients.length, 1, 'one index request');
    const pageRequests = await page.evaluate(() => (window as unknown as { __pageRequests: string[] }).__pageRequests);
    assert.ok(pageRequests.includes('/api/sync'), `the page's timeline records its own requests: ${pageRequests.join(', ')}`);
    assert.equal(pageRequests.filter((path) => path === PIECES_PATH).length, 1, `the page asked for the index itself, once: ${pageRequests.join(', ')}`);
    assert.deepEqual(
      pageRequests.filter((path) => path.startsWith(`${PIECES_PATH}/`)),
      [],
      'the page asked for pieces on its own thread',
    );
    const readersOnPage = pageRequests.filter((path) => /^\/assets\/(in-page-first-sync|snapshot-lines)-[\w-]+\.js$/.test(path));
    assert.deepEqual(readersOnPage, [], 'the page fetched the code that reads the pieces on its own thread');
    assert.ok(
      pageRequests.some((path) => /^\/assets\/worker-first-sync-[\w-]+\.js$/.test(path)),
      `the page fetched its side of the snapshot worker: ${pageRequests.join(', ')}`,
    );

    // An offline cold start: every tab closed, the network cut, /bathrooms opened anew.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.close();
    const offline = await goOffline(context);
    const cold = await context.newPage();
    await cold.goto(`${proxy.url}/bathrooms`);
    await rowsOf(cold).first().waitFor();
    await cold.getByText(SAVED_LINE, { exact: true }).waitFor();
    assert.ok((await rowsOf(cold).count()) > 1, 'the offline list shows its rows');
    const coldRecord = await readFirstSync(cold);
    assert.deepEqual(
      coldRecord.savedTexts.map((entry) => entry.text),
      [SAVED_LINE],
      'a device holding every restroom does not start its first sync again',
    );
    assert.ok(offline.aborted() > 0, 'the app did try the network, and every request was refused');
  });
});
