import type { BrowserContext, Page } from 'playwright-core';

/*
 * What a page of the list showed while the device saved its restrooms, noted by the page itself on
 * its own clock (`performance.now()`, zero at navigation start) the moment each change reached the
 * document: polling from the test could miss a count shown for a few milliseconds, and would time
 * what it saw late. Shared by the first-sync e2e test and the bench.
 */

/** One text of the saved line as the page showed it, and when. */
interface SavedText {
  ms: number;
  text: string;
}

/** One value of the sync status bar's `data-sync-state` ('idle', 'syncing', 'error', 'offline'), and when. */
interface SyncStateChange {
  ms: number;
  state: string;
}

export interface FirstSyncRecord {
  /** When the first row of the `Restrooms` list was put in the document, or null if none yet. */
  firstListRowMs: number | null;
  /** When the map first drew a restroom: a pin or a cluster (the origin marker is neither), or null if none yet. */
  firstMapPinMs: number | null;
  /** Each different text of the saved line in the order shown (the progress line, then the final one). */
  savedTexts: SavedText[];
  states: SyncStateChange[];
  /** Main-thread tasks over 50 ms, as [start, duration] in ms, from the page's first script on. */
  longTasks: Array<[number, number]>;
}

/** The saved line read as numbers: during a first sync `saved` of `total`, after it `saved` alone. */
export interface SavedCount {
  saved: number;
  total: number | null;
  final: boolean;
  /** Whether the numbers carry thousands separators when they need them ('12,000', not '12000'). */
  separated: boolean;
}

/*
 * `Saving restrooms on this device: 12,000 of 100,000` while a first sync runs, then
 * `100,000 restrooms saved on this device`. The number may follow other text in the page with no
 * space between (textContent runs elements together), hence the look-behind and no word boundary.
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const PROGRESS_PATTERN = String.raw`Saving restrooms on this device: ${NUMBER} of ${NUMBER}`;
const FINAL_PATTERN = String.raw`(?<![\d,])${NUMBER} restrooms? saved on this device`;

const toNumber = (text: string) => Number(text.replaceAll(',', ''));
const isSeparated = (text: string) => toNumber(text) < 1000 || text.includes(',');

export function parseSavedText(text: string): SavedCount | null {
  const progress = new RegExp(PROGRESS_PATTERN).exec(text);
  if (progress) {
    const [, saved = '', total = ''] = progress;
    return { saved: toNumber(saved), total: toNumber(total), final: false, separated: isSeparated(saved) && isSeparated(total) };
  }
  const final = new RegExp(FINAL_PATTERN).exec(text);
  if (final) {
    const [, saved = ''] = final;
    return { saved: toNumber(saved), total: null, final: true, separated: isSeparated(saved) };
  }
  return null;
}

/** A restroom's pin or a cluster of them on the map (map-icons.ts), not the origin's marker. */
const MAP_RESTROOM_MARKER = '.leaflet-marker-pane .map-pin, .leaflet-marker-pane .map-cluster';

/**
 * How a page of the context opens /bathrooms: 'list', as someone who once pressed 'List view' (the
 * map would show no rows), or 'map', as a first visit opens it (nothing is stored, the map is the default).
 */
export type FirstVisitView = 'list' | 'map';

/*
 * A script string, not a function: the tests and the bench run through tsx, whose name-keeping
 * wrapper (`__name`) would be called inside the page, where it does not exist.
 */
const watchScript = (view: FirstVisitView) => String.raw`(() => {
  try {
    if (${JSON.stringify(view)} === 'list' && localStorage.getItem('allstall:home-view') === null) {
      localStorage.setItem('allstall:home-view', JSON.stringify({ version: 1, value: 'list' }));
    }
  } catch {
    // about:blank and other opaque origins have no storage; nothing to prepare there.
  }
  const record = { firstListRowMs: null, firstMapPinMs: null, savedTexts: [], states: [], longTasks: [] };
  window.__firstSync = record;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask entries in this browser: the record says no task was long.
  }
  const progress = new RegExp(${JSON.stringify(PROGRESS_PATTERN)});
  const final = new RegExp(${JSON.stringify(FINAL_PATTERN)});
  const note = () => {
    const now = performance.now();
    if (record.firstListRowMs === null && document.querySelector('ul[aria-label="Restrooms"] > li') !== null) {
      record.firstListRowMs = now;
    }
    if (record.firstMapPinMs === null && document.querySelector(${JSON.stringify(MAP_RESTROOM_MARKER)}) !== null) {
      record.firstMapPinMs = now;
    }
    const text = document.body ? document.body.textContent || '' : '';
    const shown = progress.exec(text) || final.exec(text);
    const saved = shown ? shown[0] : null;
    const last = record.savedTexts.length > 0 ? record.savedTexts[record.savedTexts.length - 1].text : null;
    if (saved !== null && saved !== last) record.savedTexts.push({ ms: now, text: saved });
    const bar = document.querySelector('[data-sync-state]');
    const state = bar ? bar.getAttribute('data-sync-state') : null;
    const lastState = record.states.length > 0 ? record.states[record.states.length - 1].state : null;
    if (state !== null && state !== lastState) record.states.push({ ms: now, state });
  };
  new MutationObserver(note).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-sync-state'],
  });
})();`;

/**
 * Prepares a context so every page in it opens /bathrooms in `view` (the list unless asked) and
 * records, from before the app's first script runs, the first list row, the first restroom drawn
 * on the map, every text of the saved line, the sync state and long tasks.
 */
export async function watchFirstSync(context: BrowserContext, view: FirstVisitView = 'list'): Promise<void> {
  await context.addInitScript({ content: watchScript(view) });
}

export function readFirstSync(page: Page): Promise<FirstSyncRecord> {
  return page.evaluate(() => {
    const record = (window as unknown as { __firstSync?: FirstSyncRecord }).__firstSync;
    if (record === undefined) throw new Error('the page was opened in a context without watchFirstSync');
    return record;
  });
}

/** When the page first showed "N restrooms saved on this device" for exactly `restrooms`, with the sync idle then or since. */
function everyRestroomSavedMs(record: FirstSyncRecord, restrooms: number): number | null {
  const shown = record.savedTexts.find((entry) => {
    const count = parseSavedText(entry.text);
    return count !== null && count.final && count.saved === restrooms;
  });
  if (shown === undefined) return null;
  const stateAt = (ms: number) => record.states.filter((change) => change.ms <= ms).at(-1)?.state;
  if (stateAt(shown.ms) === 'idle') return shown.ms;
  return record.states.find((change) => change.ms > shown.ms && change.state === 'idle')?.ms ?? null;
}

/** Waits until the page has recorded its first list row ('list') or its first restroom on the map ('map'). */
export async function waitForFirstShown(page: Page, view: FirstVisitView, timeoutMs: number): Promise<number> {
  const field = view === 'list' ? 'firstListRowMs' : 'firstMapPinMs';
  await page.waitForFunction((key) => ((window as unknown as { __firstSync?: Record<string, unknown> }).__firstSync?.[key] ?? null) !== null, field, {
    timeout: timeoutMs,
    polling: 50,
  });
  return (await readFirstSync(page))[field]!;
}

/**
 * Polls the page's record until it shows every one of `restrooms` saved with the sync idle, and
 * returns when the page saw that; throws after `timeoutMs` with the last text the page showed.
 */
export async function waitForEveryRestroomSaved(page: Page, restrooms: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await readFirstSync(page);
    const savedMs = everyRestroomSavedMs(record, restrooms);
    if (savedMs !== null) return savedMs;
    if (Date.now() > deadline) {
      const last = record.savedTexts.at(-1)?.text ?? 'no saved line';
      throw new Error(`${restrooms.toLocaleString('en-US')} restrooms were not all saved in ${timeoutMs / 1000} s; the page last said "${last}", sync ${record.states.at(-1)?.state ?? 'unknown'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
