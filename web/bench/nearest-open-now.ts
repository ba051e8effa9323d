import type { Page } from 'playwright-core';
import type { NearestOpenNowTimings } from './page/nearest-open-now-timings.js';
import { buildPageScript } from './support/page-bundle.js';

export const NEAREST_OPEN_NOW_BUDGET_MS = 10;

/**
 * In a page of the app on a device that holds every restroom: reads every stored restroom out of
 * IndexedDB once, then times the list's own nearest-first page and count with open now on `runs`
 * times. The page's app stays as it is; the probe only reads.
 */
export async function nearestOpenNow(page: Page, runs: number): Promise<NearestOpenNowTimings> {
  await page.evaluate(await buildPageScript('nearest-open-now-probe.ts'));
  return page.evaluate(
    (count) => (globalThis as unknown as { measureNearestOpenNow: (runs: number) => Promise<NearestOpenNowTimings> }).measureNearestOpenNow(count),
    runs,
  );
}
