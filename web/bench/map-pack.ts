import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.js';
import { goOffline, newPhoneContext } from '../e2e/support/browser.js';
import { showMapView } from '../e2e/support/map-tiles.js';
import { startFakeTileServer } from '../e2e/support/fake-tile-server.js';
import { makeVectorPack } from '../e2e/support/vector-pack.js';
import { heapAfterGarbageCollection } from './bootstrap-sync.js';
import { moveMap } from './map-moves.js';

/** Issue 28's budgets. */
export const PACK_FIRST_TILE_BUDGET_MS = 300;
export const PACK_PAN_TASK_BUDGET_MS = 50;
export const PACK_DOWNLOAD_RATIO_BUDGET = 2;
export const PACK_DOWNLOAD_HEAP_BUDGET_MB = 40;

/** A pack of about this size: the bytes of a city's map, with a real street grid over downtown. */
const PACK_BYTES = 50_000_000;
const WAIT = { timeout: 300_000 };

export interface MapPackFigures {
  packBytes: number;
  /** One plain fetch of the same URL in the same page, its body read and dropped: the physical reference. */
  plainFetchMs: number;
  /** From the Save press to the drawer saying it is saved, on the page's clock. */
  downloadMs: number;
  /** The page's JS heap at its highest during the download, above its size (after a collection) before. */
  heapRiseMb: number;
  /** Offline, the pack saved: from the map's container showing to its first pack tile drawn. */
  firstTileMs: number;
  /** The longest main-thread task of pans over the pack (0: none reached 50 ms). */
  panLongestTaskMs: number;
  pans: number;
}

/** Long tasks and when the map and its first pack tile appeared, noted by the page from its start. */
const WATCH_SCRIPT = String.raw`(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  window.__packTimes = {};
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('.map-pack__save')) window.__packTimes.saveClicked = performance.now();
  }, true);
  new MutationObserver(() => {
    const times = window.__packTimes;
    if (times.saved === undefined && /is saved on this device/.test(document.querySelector('.map-pack__note')?.textContent ?? '')) times.saved = performance.now();
    if (times.mapShown === undefined && document.querySelector('.restroom-map .leaflet-container')) times.mapShown = performance.now();
    if (times.firstTile === undefined && document.querySelector('.pack-tiles canvas.leaflet-tile-loaded')) times.firstTile = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
})();`;

/** Reads the body of one fetch of `url` and drops it, as a download that keeps nothing would. */
function plainFetch(page: Page, url: string): Promise<number> {
  return page.evaluate(`(async () => {
    const started = performance.now();
    const reader = (await fetch(${JSON.stringify(url)}, { cache: 'no-store' })).body.getReader();
    for (;;) if ((await reader.read()).done) break;
    return performance.now() - started;
  })()`);
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach();
  }
}

/** Keyboard pans of 80 px over the pack, each waited for until the map has settled. */
const PANS = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

async function pans(page: Page): Promise<{ longestMs: number; count: number }> {
  const startedMs = await moveMap(page, PANS);
  const tasks = (await page.evaluate('window.__longTasks')) as Array<[number, number]>;
  const during = tasks.filter(([start]) => start >= startedMs);
  return { longestMs: Math.max(0, ...during.map(([, duration]) => duration)), count: PANS.length };
}

/**
 * A fresh phone saves a 50 MB pack from the api on loopback (beside one plain fetch of the same
 * bytes), then, offline, opens the map over the pack where it never looked and pans it.
 */
export async function mapPackFigures(browser: Browser): Promise<MapPackFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'allstall-bench-pack-'));
  const tiles = await startFakeTileServer();
  try {
    const made = await makeVectorPack(dir, { streetsEveryMeters: 100 });
    const pack = made.bytes >= PACK_BYTES ? made : await makeVectorPack(dir, { streetsEveryMeters: 100, fillerBytes: PACK_BYTES - made.bytes });
    const server = await startAppServer({ MAP_PACK_FILE: pack.file, TILE_URL: tiles.template });
    const context = await newPhoneContext(browser);
    try {
      await context.addInitScript(WATCH_SCRIPT);
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, WAIT);
      const config = (await (await fetch(`${server.url}/api/config`)).json()) as { map_pack: { url: string } };
      const plainFetchMs = await plainFetch(page, config.map_pack.url);

      await page.getByRole('button', { name: 'Menu' }).click();
      const save = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /^Save the map of/ });
      await save.waitFor(WAIT);
      const before = await heapAfterGarbageCollection(page);
      let highest = before;
      let downloading = true;
      const sampling = (async () => {
        while (downloading) {
          highest = Math.max(highest, await heapUsed(page));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await save.click();
      await page.locator('.map-pack__note').filter({ hasText: /is saved on this device/ }).waitFor(WAIT);
      const saving = (await page.evaluate('window.__packTimes')) as { saveClicked: number; saved: number };
      const downloadMs = saving.saved - saving.saveClicked;
      downloading = false;
      await sampling;
      await page.keyboard.press('Escape');

      await goOffline(context);
      await page.reload();
      await showMapView(page);
      await page.waitForFunction(() => (window as unknown as { __packTimes: { firstTile?: number } }).__packTimes.firstTile !== undefined, undefined, WAIT);
      const times = (await page.evaluate('window.__packTimes')) as { mapShown: number; firstTile: number };
      const panned = await pans(page);
      return {
        packBytes: pack.bytes,
        plainFetchMs,
        downloadMs,
        heapRiseMb: (highest - before) / 1e6,
        firstTileMs: times.firstTile - times.mapShown,
        panLongestTaskMs: panned.longestMs,
        pans: panned.count,
      };
    } finally {
      await context.close();
      await server.stop();
    }
  } finally {
    await tiles.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
