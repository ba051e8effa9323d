import type { Page } from 'playwright-core';
import { readFirstSync } from '../e2e/support/first-sync-watch.js';

/** Issue 27: the longest main-thread task of a pan or a zoom of the map, every restroom saved. */
export const MAP_MOVE_TASK_BUDGET_MS: Readonly<Record<number, number>> = { 10_000: 50, 100_000: 50, 250_000: 80 };

/** What a person does with the map, by keyboard as Leaflet offers it: 80 px pans and one-step zooms. */
const MOVES = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'Minus', 'Minus', 'ArrowLeft', 'Equal', 'Equal', 'ArrowUp', 'Minus'] as const;

export interface MapMoves {
  moves: number;
  /** The longest main-thread task from the first move to the last one drawn (0: none reached 50 ms). */
  longestTaskMs: number;
  longTasks: number;
}

/*
 * Leaflet says nothing to the DOM when a move ends: the map pane's offset and the zoom animation's
 * class are watched until they have changed and then held still for 10 frames (a move at the edge of
 * the zoom range changes nothing, and is waited for 3 s). A script string, not a function: tsx's
 * name-keeping wrapper (`__name`) does not exist in the page.
 */
const SETTLE_SCRIPT = String.raw`window.__mapSettled = () => new Promise((resolve, reject) => {
  const pane = document.querySelector('.leaflet-container .leaflet-map-pane');
  if (pane === null) return reject(new Error('no map on the page'));
  const state = () => pane.style.transform + '|' + pane.classList.contains('leaflet-zoom-anim');
  const before = state();
  const gaveUpAt = performance.now() + 3000;
  let moved = false;
  let last = before;
  let still = 0;
  const look = () => {
    const now = state();
    moved = moved || now !== before || performance.now() > gaveUpAt;
    still = now === last ? still + 1 : 0;
    last = now;
    if (moved && still >= 10) resolve();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
});`;

/**
 * Presses each key on the focused map and waits for the map to have moved and settled; resolves
 * with the page's clock when the first move began, to read the long tasks noted since.
 */
export async function moveMap(page: Page, keys: readonly string[]): Promise<number> {
  await page.evaluate(SETTLE_SCRIPT);
  await page.locator('.leaflet-container').first().focus();
  const startedMs = await page.evaluate(() => performance.now());
  for (const key of keys) {
    const settled = page.evaluate('window.__mapSettled()');
    // Awaited after the key: a rejection meanwhile must not go unhandled.
    settled.catch(() => undefined);
    await page.keyboard.press(key);
    await settled;
  }
  return startedMs;
}

/**
 * On a page showing the map (its context watched by watchFirstSync), makes each move and waits for
 * the map to have moved and settled, then reads the long tasks the page noted since the first move.
 */
export async function mapMoves(page: Page): Promise<MapMoves> {
  const startedMs = await moveMap(page, MOVES);
  const record = await readFirstSync(page);
  const during = record.longTasks.filter(([start]) => start >= startedMs);
  return { moves: MOVES.length, longestTaskMs: Math.max(0, ...during.map(([, duration]) => duration)), longTasks: during.length };
}
