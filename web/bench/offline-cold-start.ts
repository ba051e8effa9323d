import type { BrowserContext, Page } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { goOffline, goOnline } from '../e2e/support/browser.js';
import { waitForFirstShown, type FirstVisitView } from '../e2e/support/first-sync-watch.js';
import { waitForStoredColumns } from '../e2e/support/stored-columns.js';

/** Issue 27: navigation to first list row with the network cut, by how many restrooms are stored. */
export const OFFLINE_COLD_START_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 350, 100_000: 500, 250_000: 700 };
/** Issue 27: navigation to the first restroom drawn on the map with the network cut. */
export const OFFLINE_COLD_START_MAP_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 500, 100_000: 700, 250_000: 900 };

/**
 * `synced` is a page that has finished the first sync (its context prepared by watchFirstSync). Once
 * its service worker is in control and its column index is stored, the page is closed, the network is cut for pages and service
 * worker alike, and /bathrooms is opened in a new tab `runs` times: navigation to the first list row
 * or, when the context opens the map, to the first restroom drawn on it, on the page's clock. Every request the app makes fails as a dropped connection would. The context is
 * back online, with no page open, when this returns.
 */
export async function offlineColdStarts(synced: Page, server: AppServer, runs: number, view: FirstVisitView = 'list'): Promise<number[]> {
  await synced
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
    .catch(() => Promise.reject(new Error('the service worker never took control of the page, so the app cannot open offline')));
  // A device that has been open a moment after its sync holds a current column index: what a cold start reads.
  await waitForStoredColumns(synced, 120_000);
  const context: BrowserContext = synced.context();
  await synced.close();
  const times: number[] = [];
  const offline = await goOffline(context);
  try {
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      times.push(await waitForFirstShown(page, view, 120_000));
      await page.close();
    }
    if (offline.aborted() === 0) throw new Error('the app never tried the network, so the cut proved nothing');
  } finally {
    await goOnline(context);
  }
  return times;
}
