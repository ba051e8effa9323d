import type { Page } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { goOffline, goOnline } from '../e2e/support/browser.js';
import { listTimings } from './support/list-page.js';

export const OFFLINE_COLD_START_BUDGET_MS = 1500;

/**
 * `synced` is a page that has finished the first pull (its context prepared by watchListRows). Once
 * its service worker is in control, the page is closed, the network is cut for pages and service
 * worker alike, and /bathrooms is opened in a new tab `runs` times: navigation to first list row, on
 * the page's clock. Every request the app makes fails as a dropped connection would.
 */
export async function offlineColdStarts(synced: Page, server: AppServer, runs: number): Promise<number[]> {
  await synced
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    .catch(() => Promise.reject(new Error('the service worker never took control of the page, so the app cannot open offline')));
  const context = synced.context();
  await synced.close();
  const times: number[] = [];
  const offline = await goOffline(context);
  try {
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      times.push((await listTimings(page, { untilSaved: false })).firstListRowMs);
      await page.close();
    }
    if (offline.aborted() === 0) throw new Error('the app never tried the network, so the cut proved nothing');
  } finally {
    await goOnline(context);
  }
  return times;
}
