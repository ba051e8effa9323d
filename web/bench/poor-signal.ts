import type { Browser, Page } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import { E2E_WAIT_MS, PHONE_VIEWPORT } from '../e2e/support/browser.js';
import { waitForEveryRestroomSaved, watchFirstSync } from '../e2e/support/first-sync-watch.js';
import { startThrottlingProxy, type LinkProfile, type ThrottlingProxy } from '../e2e/support/throttling-proxy.js';

/*
 * Issue 39: a first visit on a poor link, far from the region's centre. Everything the phone and
 * its reference fetch goes through one throttling proxy per measurement (a link of its own, its
 * bytes counted from zero), on the production build served by the real api.
 */

/** Issue 39's budget: the first nearby list row within this many times the link's reference. */
export const POOR_SIGNAL_RATIO_BUDGET = 1.5;

/** Where the phone stands: downtown Seattle, with its position allowed. */
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
/** A row this close to the person counts as near them. */
export const NEAR_MILES = 15;

const KM_PER_MILE = 1.609344;

/** The link's reference: what any app must fetch before it can show a nearby row, fetched by the browser through the same link. */
export interface LinkReference {
  /** The app's document, then its initial scripts and stylesheet in parallel, as the browser loads them. */
  documentMs: number;
  /** Then one `GET /api/bathrooms/nearby` for the person's position. */
  nearbyMs: number;
  totalMs: number;
  /** The document's initial files fetched after it (module script, module preloads, stylesheet). */
  files: number;
  /** Bytes the link carried down for all of it, headers included. */
  bytesDown: number;
  nearbyRows: number;
  /** The distance of the nearby answer's first row, when the answer gives one (miles). */
  nearestMiles: number | null;
}

/** What the fresh phone went through. Times are on the page's clock, zero at navigation. */
export interface PoorSignalVisit {
  /** When the list's first row was first within NEAR_MILES of the person; null if not before the ceiling. */
  firstNearRowMs: number | null;
  /** When any row of the list was first within NEAR_MILES (the first row may then have been another). */
  anyNearRowMs: number | null;
  /** When the list first showed a row at all, and how far that row was (miles; null without a distance). */
  firstRowMs: number | null;
  firstRowMiles: number | null;
  /** How far the list's first row was when the page was last read (miles). */
  lastFirstRowMiles: number | null;
  /** Navigation to every restroom saved with the sync idle; null if not before the ceiling. */
  savedMs: number | null;
  /** Why `savedMs` is null. */
  unsaved: string | null;
  /** What the link carried for the phone, headers included, and how many connections it opened. */
  bytesDown: number;
  bytesUp: number;
  connections: number;
}

const nearbyPath = `/api/bathrooms/nearby?lat=${SEATTLE.latitude}&lng=${SEATTLE.longitude}`;

/*
 * Scripts are strings, not functions: the bench runs through tsx, whose name-keeping wrapper
 * (`__name`) would be called inside the page, where it does not exist (see first-sync-watch.ts).
 */

/** Fetches the document, its initial files, then the nearby answer, in the page; resolves with the times. */
const referenceScript = String.raw`(async () => {
  const started = performance.now();
  const documentAnswer = await fetch('/bathrooms', { headers: { accept: 'text/html' }, cache: 'no-store' });
  const html = await documentAnswer.text();
  const page = new DOMParser().parseFromString(html, 'text/html');
  const files = [...page.querySelectorAll('script[src], link[rel="modulepreload"][href], link[rel="stylesheet"][href]')].map(
    (element) => element.getAttribute('src') || element.getAttribute('href'),
  );
  await Promise.all(files.map((file) => fetch(file, { cache: 'no-store' }).then((answer) => answer.arrayBuffer())));
  const documentMs = performance.now() - started;
  const nearby = await fetch(${JSON.stringify(nearbyPath)}, { cache: 'no-store' });
  if (!nearby.ok) throw new Error('GET /api/bathrooms/nearby answered ' + nearby.status);
  const rows = await nearby.json();
  const list = Array.isArray(rows) ? rows : [];
  const first = list[0];
  return {
    documentMs,
    totalMs: performance.now() - started,
    files: files.length,
    nearbyRows: list.length,
    nearestMiles: first && typeof first.distance === 'number' ? first.distance : null,
  };
})()`;

/** In the page: the distance a list row shows, in miles ('1.23 mi', or km in a language that uses them), or null without one. */
const milesOfRow = String.raw`(row) => {
  const distance = row ? row.querySelector('.distance') : null;
  const shown = distance ? /^([\d.,]+)\s*(mi|km)$/.exec((distance.textContent || '').trim()) : null;
  if (!shown) return null;
  const value = Number(shown[1].replaceAll(',', ''));
  return shown[2] === 'km' ? value / ${KM_PER_MILE} : value;
}`;

/**
 * Notes, on the page's clock from before the app's first script, when the list first shows a row,
 * when its first row is first near the person, and when any row is; stops watching once both are.
 */
const nearRowScript = String.raw`(() => {
  const record = { firstRowMs: null, firstRowMiles: null, firstNearRowMs: null, anyNearRowMs: null };
  window.__nearRows = record;
  const miles = ${milesOfRow};
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('ul[aria-label="Restrooms"] > li');
    if (rows.length === 0) return;
    const now = performance.now();
    const first = miles(rows[0]);
    if (record.firstRowMs === null) {
      record.firstRowMs = now;
      record.firstRowMiles = first;
    }
    if (record.firstNearRowMs === null && first !== null && first <= ${NEAR_MILES}) record.firstNearRowMs = now;
    if (record.anyNearRowMs === null) {
      for (const row of rows) {
        const away = miles(row);
        if (away !== null && away <= ${NEAR_MILES}) {
          record.anyNearRowMs = now;
          break;
        }
      }
    }
    if (record.firstNearRowMs !== null && record.anyNearRowMs !== null) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface NearRows {
  firstRowMs: number | null;
  firstRowMiles: number | null;
  firstNearRowMs: number | null;
  anyNearRowMs: number | null;
}

const readNearRows = (page: Page) => page.evaluate(() => (window as unknown as { __nearRows: NearRows }).__nearRows);

/** The list's first row's distance now (miles), or null without one. */
const firstRowMilesNow = (page: Page) =>
  page.evaluate(`(${milesOfRow})(document.querySelector('ul[aria-label="Restrooms"] > li'))`) as Promise<number | null>;

async function throughProxy<T>(server: AppServer, profile: LinkProfile, use: (proxy: ThrottlingProxy) => Promise<T>): Promise<T> {
  const proxy = await startThrottlingProxy(server.url, profile);
  try {
    return await use(proxy);
  } finally {
    await proxy.stop();
  }
}

/**
 * The link's reference: in a context of its own, a little page of the app's origin (through the
 * link) fetches the app's document, its initial files, then the nearby answer for Seattle. The
 * connection the little page came on is dropped first, so the reference pays a new connection's
 * handshake as a first visit does.
 */
export function linkReference(browser: Browser, server: AppServer, profile: LinkProfile): Promise<LinkReference> {
  return throughProxy(server, profile, async (proxy) => {
    // The fetches are evaluated, not loaded: the api's Content-Security-Policy is for the app's documents.
    const context = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(`${proxy.url}/api/health`, { timeout: E2E_WAIT_MS });
      proxy.cut();
      const down = proxy.bytesDown();
      const timings = (await page.evaluate(referenceScript)) as Omit<LinkReference, 'nearbyMs' | 'bytesDown'>;
      return { ...timings, nearbyMs: timings.totalMs - timings.documentMs, bytesDown: proxy.bytesDown() - down };
    } finally {
      await context.close();
    }
  });
}

/** After every restroom is saved, how long the list may take to put a near row first, if it has not. */
const NEAR_ROW_AFTER_SAVED_MS = 30_000;

/**
 * A fresh phone (new context: empty IndexedDB, no service worker; 390×844; its position in Seattle,
 * allowed) opens the list at the proxy's URL and stays until every one of `restrooms` is saved, or
 * `ceilingMs` from navigation.
 */
export function poorSignalFirstVisit(browser: Browser, server: AppServer, profile: LinkProfile, restrooms: number, ceilingMs: number): Promise<PoorSignalVisit> {
  return throughProxy(server, profile, async (proxy) => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      serviceWorkers: 'allow',
      geolocation: SEATTLE,
      permissions: ['geolocation'],
    });
    context.setDefaultTimeout(E2E_WAIT_MS);
    try {
      await watchFirstSync(context, 'list');
      await context.addInitScript({ content: nearRowScript });
      const page = await context.newPage();
      const deadline = Date.now() + ceilingMs;
      await page.goto(`${proxy.url}/bathrooms`, { waitUntil: 'commit', timeout: ceilingMs });
      let savedMs: number | null = null;
      let unsaved: string | null = null;
      try {
        savedMs = await waitForEveryRestroomSaved(page, restrooms, Math.max(0, deadline - Date.now()));
      } catch (error) {
        unsaved = error instanceof Error ? error.message : String(error);
      }
      if ((await readNearRows(page)).firstNearRowMs === null) {
        const wait = Math.min(NEAR_ROW_AFTER_SAVED_MS, Math.max(0, deadline - Date.now()));
        await page
          .waitForFunction(() => (window as unknown as { __nearRows: NearRows }).__nearRows.firstNearRowMs !== null, undefined, { timeout: Math.max(1, wait), polling: 250 })
          .catch(() => undefined);
      }
      const near = await readNearRows(page);
      return {
        firstNearRowMs: near.firstNearRowMs,
        anyNearRowMs: near.anyNearRowMs,
        firstRowMs: near.firstRowMs,
        firstRowMiles: near.firstRowMiles,
        lastFirstRowMiles: await firstRowMilesNow(page),
        savedMs,
        unsaved,
        bytesDown: proxy.bytesDown(),
        bytesUp: proxy.bytesUp(),
        connections: proxy.connections(),
      };
    } finally {
      await context.close();
    }
  });
}
