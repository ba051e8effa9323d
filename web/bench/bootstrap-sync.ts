import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { newPhoneContext } from '../e2e/support/browser.js';
import { countWireBytes, listTimings, watchListRows } from './support/list-page.js';
import { mirrorState, waitUntilSynced } from './support/mirror.js';

/** Time to the first list row on a fresh device, by how many restrooms the server holds. */
export const BOOTSTRAP_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 1500, 100_000: 10_000 };
export const BOOTSTRAP_WIRE_BUDGET_MB = 8;

/** Where the rest of the first pull runs once the first list row has shown. */
export type PullFinishesOn = 'the list' | 'another screen';

export interface BootstrapRun {
  firstListRowMs: number;
  /** Navigation to the whole feed stored. */
  savedMs: number;
  finishedOn: PullFinishesOn;
  /** Headers and encoded bodies of every /api/sync answer of the first pull. */
  wireBytes: number;
  syncRequests: number;
  storedRows: number;
  /** Script paths the page fetched before its first list row. */
  scriptsBeforeFirstRow: string[];
  context: BrowserContext;
  page: Page;
}

const FULL_PULL_TIMEOUT_MS = 15 * 60_000;

/**
 * A fresh device (new context: empty IndexedDB, no service worker) opens /bathrooms, which starts
 * the first pull; the page's clock starts at navigation, so the times include loading the app.
 * With `finishOn: 'another screen'` the page moves to /about after the first row and the pull goes
 * on there, without the list redrawn after every page of the feed (see docs/performance.md).
 * The context stays open for the caller, who must close it.
 */
export async function bootstrapSync(browser: Browser, server: AppServer, finishOn: PullFinishesOn): Promise<BootstrapRun> {
  const context = await newPhoneContext(browser);
  await watchListRows(context);
  const page = await context.newPage();
  const sync = countWireBytes(page, '/api/sync');
  const navigatedAt = performance.now();
  await page.goto(`${server.url}/bathrooms`);
  const { firstListRowMs, savedMs: savedOnList } = await listTimings(page, { untilSaved: finishOn === 'the list' }, FULL_PULL_TIMEOUT_MS);
  const scriptsBeforeFirstRow = await page.evaluate(
    (firstRowMs) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < firstRowMs && new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => new URL(entry.name).pathname),
    firstListRowMs,
  );
  let savedMs = savedOnList ?? Number.NaN;
  if (finishOn === 'another screen') {
    await page.goto(`${server.url}/about`);
    await waitUntilSynced(page, FULL_PULL_TIMEOUT_MS);
    // Measured on this process's clock: the page's own clock restarted with the second navigation.
    savedMs = performance.now() - navigatedAt;
  }
  await sync.settled();
  const { restrooms: storedRows } = await mirrorState(page);
  return { firstListRowMs, savedMs, finishedOn: finishOn, wireBytes: sync.bytes(), syncRequests: sync.requests().length, storedRows, scriptsBeforeFirstRow, context, page };
}
