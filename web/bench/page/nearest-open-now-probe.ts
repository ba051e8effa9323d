/*
 * Runs inside the app's own page (same origin, so the same IndexedDB) and times the code path the
 * list takes from the stored restrooms to the first rows with 'Open now' on: the list of the stored restrooms
 * nearest the list origin (nearestList, whose grid of positions and filter columns are built by the
 * first list over a mirror read, timed apart), narrowed by the open-now filter (restroomFilter), its first 20 rows and its count
 * for 'Showing 20 of N'. Built by bench/support/page-bundle.ts; never part of the app.
 */
import { DEFAULT_REGION, expandRestroom, type CompactRestroom, type Restroom } from '@allstall/shared';
import { NO_FILTERS, restroomFilter } from '../../src/features/restrooms-list/home-filters';
import { nearestList } from '../../src/features/restrooms-list/nearest-list';
import type { NearestOpenNowTimings } from './nearest-open-now-timings';

const SHOWN_ROWS = 20;
/** A Wednesday noon in Minneapolis, so every run filters the same hours the same way. */
const AT = new Date('2026-11-25T18:00:00Z');

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/**
 * Every stored restroom, read straight out of IndexedDB in one request: from the buckets of compact
 * rows (`restroomBuckets`) when the mirror has them, else one record each (`restrooms`, before issue
 * 13). Read directly rather than through the app's store, so the probe works on either; equal
 * distances are ordered by id (the mirror's order) as the list orders them.
 */
async function readMirror(): Promise<Restroom[]> {
  const db = await request(indexedDB.open('allstall'));
  try {
    if (db.objectStoreNames.contains('restroomBuckets')) {
      const buckets = await request(db.transaction('restroomBuckets').objectStore('restroomBuckets').getAll());
      const rows = (buckets as Array<{ rows: CompactRestroom[] }>).flatMap((bucket) => bucket.rows.map(expandRestroom));
      return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    return (await request(db.transaction('restrooms').objectStore('restrooms').getAll())) as Restroom[];
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
  return { storedRows: rows.length, readMs, firstMs, runsMs, shownRows, matchingRows };
}

(globalThis as unknown as { measureNearestOpenNow: typeof measureNearestOpenNow }).measureNearestOpenNow = measureNearestOpenNow;
