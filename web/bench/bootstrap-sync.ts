import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { newPhoneContext } from '../e2e/support/browser.js';
import { parseSavedText, readFirstSync, waitForEveryRestroomSaved, waitForFirstShown, watchFirstSync, type FirstVisitView } from '../e2e/support/first-sync-watch.js';
import { countWireBytes } from './support/list-page.js';
import { mirrorState } from './support/mirror.js';

/*
 * Issue 27's budgets, by how many restrooms are stored; the same for a first visit that opens the
 * map (navigation to the first restroom drawn) and one that opens the list (to the first row).
 */
export const FIRST_SHOWN_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 800, 100_000: 1200, 250_000: 1500 };
export const EVERY_RESTROOM_SAVED_BUDGET_S: Readonly<Record<number, number>> = { 10_000: 1, 100_000: 2.5, 250_000: 6 };
export const LONGEST_TASK_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 100, 100_000: 100, 250_000: 150 };
export const HEAP_AFTER_SYNC_BUDGET_MB: Readonly<Record<number, number>> = { 10_000: 20, 100_000: 60, 250_000: 120 };
/** Issue 13's budget for the 100,000-restroom first sync, kept. */
export const FIRST_SYNC_WIRE_BUDGET_MB = 6;

export interface BootstrapRun {
  /** What the page showed throughout: the list, or the map (what a first visit opens). */
  view: FirstVisitView;
  /** Navigation to the first list row (list) or the first restroom drawn on the map (map). */
  firstShownMs: number;
  /** Navigation to "N restrooms saved on this device" for all N, with the sync idle. */
  savedMs: number;
  /** Headers and encoded bodies of every /api/sync answer of the first sync (the snapshot's included). */
  wireBytes: number;
  /** The paths of those answers, each once ('/api/sync/snapshot', '/api/sync?since=…'). */
  syncPaths: string[];
  storedRows: number;
  /** Script paths the page fetched before it first showed a restroom. */
  scriptsBeforeFirstRow: string[];
  /** The longest main-thread task from navigation to every restroom saved (0: none reached 50 ms). */
  longestTaskMs: number;
  longTasks: number;
  /** How many different texts the saved line showed (progress lines and the final one). */
  savedTexts: number;
  /** Whether every number the saved line showed had thousands separators. */
  separated: boolean;
  context: BrowserContext;
  page: Page;
}

/** A first sync that did not finish in time; its first list row may still have been measured. */
export class FirstSyncUnfinished extends Error {
  constructor(
    message: string,
    readonly firstShownMs: number | null,
  ) {
    super(message);
  }
}

/** The page's JavaScript heap after a full garbage collection, in bytes (Chromium's own count, over CDP). */
export async function heapAfterGarbageCollection(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

/**
 * A fresh device (new context: empty IndexedDB, no service worker) opens /bathrooms in `view` (the
 * map is what a first visit shows; the list, what someone who chose it sees) and stays there until
 * every one of `restrooms` is saved. Times are on the
 * page's clock, zero at navigation, so they include loading the app. The context stays open for
 * the caller, who must close it; on a timeout it is closed here and the error says how far it got.
 */
export async function bootstrapSync(
  browser: Browser,
  server: AppServer,
  restrooms: number,
  timeoutMs: number,
  view: FirstVisitView = 'list',
): Promise<BootstrapRun> {
  const context = await newPhoneContext(browser);
  try {
    await watchFirstSync(context, view);
    const sync = countWireBytes(context, '/api/sync');
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    const firstShownMs = await waitForFirstShown(page, view, timeoutMs);
    const scriptsBeforeFirstRow = await page.evaluate(
      (firstRowMs) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < firstRowMs && new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => new URL(entry.name).pathname),
      firstShownMs,
    );
    const savedMs = await waitForEveryRestroomSaved(page, restrooms, timeoutMs).catch((error: unknown) => {
      throw new FirstSyncUnfinished(error instanceof Error ? error.message : String(error), firstShownMs);
    });
    await sync.settled();
    const record = await readFirstSync(page);
    const duringSync = record.longTasks.filter(([start]) => start < savedMs);
    const counts = record.savedTexts.map((entry) => parseSavedText(entry.text));
    const { restrooms: storedRows } = await mirrorState(page);
    return {
      view,
      firstShownMs,
      savedMs,
      wireBytes: sync.bytes(),
      syncPaths: sync.requests().map((request) => {
        const url = new URL(request.url());
        return `${url.pathname}${url.search}`;
      }),
      storedRows,
      scriptsBeforeFirstRow,
      longestTaskMs: Math.max(0, ...duringSync.map(([, duration]) => duration)),
      longTasks: duringSync.length,
      savedTexts: record.savedTexts.length,
      separated: counts.every((count) => count?.separated === true),
      context,
      page,
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
