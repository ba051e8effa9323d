import type { BrowserContext, Page, Request } from 'playwright-core';

/** When the page saw things happen, in ms since its navigation started (the page's own clock). */
export interface ListTimings {
  firstListRowMs: number;
  /** When "N restrooms saved on this device" appeared: the first full pull has landed. */
  savedMs: number | null;
}

declare global {
  interface Window {
    __benchFirstListRowMs?: number;
    __benchSavedMs?: number;
  }
}

/**
 * Prepares a context so every page in it opens /bathrooms as a list and notes, on its own clock, the
 * moment the first list row is put in the document and the moment the saved count appears. The view
 * choice is what a person who once pressed 'List view' has stored; the map would show no rows.
 */
export async function watchListRows(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (localStorage.getItem('allstall:home-view') === null) {
        localStorage.setItem('allstall:home-view', JSON.stringify({ version: 1, value: 'list' }));
      }
    } catch {
      // about:blank and other opaque origins have no storage; nothing to prepare there.
    }
    // One inline callback, no named helpers: the bench runs through tsx, whose name-keeping wrapper
    // would not exist in the page.
    new MutationObserver(() => {
      if (window.__benchFirstListRowMs === undefined && document.querySelector('ul[aria-label="Restrooms"] > li') !== null) {
        window.__benchFirstListRowMs = performance.now();
      }
      if (window.__benchSavedMs === undefined && /\d restrooms? saved on this device/.test(document.body?.textContent ?? '')) {
        window.__benchSavedMs = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits for the first list row (and, when asked, the saved count) and reads when the page saw them. */
export async function listTimings(page: Page, { untilSaved }: { untilSaved: boolean }, timeoutMs = 180_000): Promise<ListTimings> {
  await page.waitForFunction(() => window.__benchFirstListRowMs !== undefined, undefined, { timeout: timeoutMs, polling: 50 });
  if (untilSaved) await page.waitForFunction(() => window.__benchSavedMs !== undefined, undefined, { timeout: timeoutMs, polling: 250 });
  return page.evaluate(() => ({ firstListRowMs: window.__benchFirstListRowMs ?? Number.NaN, savedMs: window.__benchSavedMs ?? null }));
}

/**
 * Bytes on the wire (headers and encoded body) of the page's finished requests whose path starts
 * with `pathPrefix`, each URL once: a feed page fetched again after a navigation cut off its storing
 * is one page of the feed, not two.
 */
export function countWireBytes(page: Page, pathPrefix: string): { bytes: () => number; requests: () => Request[]; settled: () => Promise<void> } {
  let bytes = 0;
  const seen = new Map<string, Request>();
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith(pathPrefix) || seen.has(request.url())) return;
    seen.set(request.url(), request);
    pending.push(
      request.sizes().then((sizes) => {
        bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      }),
    );
  });
  return { bytes: () => bytes, requests: () => [...seen.values()], settled: async () => void (await Promise.all(pending)) };
}
