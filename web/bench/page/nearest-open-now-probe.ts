/*
 * Runs inside the app's own page (same origin, so the same IndexedDB) and times the code path the
 * list takes from the stored restrooms to the first rows with 'Open now' on: the list of the stored restrooms
 * nearest the list origin (nearestList over the store's view, whose grid of positions and filter
 * columns are built by the first list over a view, timed apart), narrowed by the open-now filter (restroomFilter), its first 20 rows and its count
 * for 'Showing 20 of N'. Built by bench/support/page-bundle.ts; never part of the app.
 */
import { DEFAULT_REGION } from '@allstall/shared';
import { NO_FILTERS, restroomFilter } from '@/features/restrooms-list/bathrooms-filters';
import { nearestList } from '@/features/restrooms-list/nearest-list';
import { createDb } from '@/lib/db/db';
import { MirrorStore, type MirrorView } from '@/lib/sync/mirror-store';
import type { NearestOpenNowTimings } from './nearest-open-now-timings';

const SHOWN_ROWS = 20;
/** A Wednesday noon in Minneapolis, so every run filters the same hours the same way. */
const AT = new Date('2026-11-25T18:00:00Z');

/**
 * Every stored restroom, read out of IndexedDB the way the app starts: the mirror's buckets of
 * compact rows, loaded once into the tab's store, whose view the list is built over.
 */
async function readMirror(): Promise<MirrorView> {
  const db = createDb();
  try {
    const store = new MirrorStore();
    await store.load(db);
    const view = store.getView();
    if (!view) throw new Error('the mirror store gave no view after loading');
    return view;
  } finally {
    db.close();
  }
}

async function measureNearestOpenNow(runs: number): Promise<NearestOpenNowTimings> {
  const readStart = performance.now();
  const rows = await readMirror();
  const readMs = performance.now() - readStart;
  const filters = { ...NO_FILTERS, open_now: true };
  const runsMs: number[] = [];
  let firstMs = 0;
  let shownRows = 0;
  let matchingRows = 0;
  // The first list over a mirror read also builds the grid and the filter columns that later lists reuse.
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    const open = nearestList(rows, DEFAULT_REGION.listOrigin).where(restroomFilter(filters, AT, DEFAULT_REGION.timeZone)!);
    const shown = open.first(SHOWN_ROWS);
    matchingRows = open.length;
    const ms = performance.now() - start;
    if (run === 0) firstMs = ms;
    else runsMs.push(ms);
    shownRows = shown.length;
  }
  return { storedRows: (rows.rows ?? rows.columns!.ids).length, readMs, firstMs, runsMs, shownRows, matchingRows };
}

(globalThis as unknown as { measureNearestOpenNow: typeof measureNearestOpenNow }).measureNearestOpenNow = measureNearestOpenNow;
