/*
 * Runs inside the app's own page (same origin, so the same IndexedDB) and times the code path the
 * list takes from the mirror to the first rows with 'Open now' on: every stored restroom ordered by
 * distance from the list origin (orderRestrooms), then the open-now filter (filterRestrooms), then
 * the first 20. Built by bench/support/page-bundle.ts; never part of the app.
 */
import { DEFAULT_REGION } from '@allstall/shared';
import { filterRestrooms, NO_FILTERS } from '../../src/features/restrooms-list/home-filters';
import { orderRestrooms } from '../../src/features/restrooms-list/order-restrooms';
import { createDb } from '../../src/lib/db';
import type { NearestOpenNowTimings } from './nearest-open-now-timings';

const SHOWN_ROWS = 20;
/** A Wednesday noon in Minneapolis, so every run filters the same hours the same way. */
const AT = new Date('2026-11-25T18:00:00Z');

async function measureNearestOpenNow(runs: number): Promise<NearestOpenNowTimings> {
  const db = createDb();
  const readStart = performance.now();
  const rows = await db.restrooms.toArray();
  const readMs = performance.now() - readStart;
  db.close();
  const filters = { ...NO_FILTERS, open_now: true };
  const runsMs: number[] = [];
  let shownRows = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const shown = filterRestrooms(orderRestrooms(rows, DEFAULT_REGION.listOrigin), filters, AT, DEFAULT_REGION.timeZone).slice(0, SHOWN_ROWS);
    runsMs.push(performance.now() - start);
    shownRows = shown.length;
  }
  return { storedRows: rows.length, readMs, runsMs, shownRows };
}

(globalThis as unknown as { measureNearestOpenNow: typeof measureNearestOpenNow }).measureNearestOpenNow = measureNearestOpenNow;
