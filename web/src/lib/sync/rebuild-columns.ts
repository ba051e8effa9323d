import { COMPACT_AT, orderOutward, outwardDistanceMiles, type CompactRestroom, type LatLng } from '@allstall/shared';
import { metaGet, type AllstallDb } from '../db/db';
import { storedColumnsOf, type StoredColumns } from '../restrooms/restroom-columns';
import { compactIsPublic } from './mirror-store';
import { mirrorGeneration, storedColumnsRecord } from './stored-columns';

/**
 * Builds the column index from the buckets as IndexedDB holds them and stores it, unless a writer
 * changed them meanwhile (then the next quiet moment builds it again); true when it stored it. Read
 * from IndexedDB rather than a tab's memory: memory cannot say which generation it holds once
 * another tab or the service worker has written. Runs in the columns worker (`columns-worker.ts`).
 * The only writer of the index: a cache of the buckets, which the mirror writer's generation guards.
 */
export async function rebuildStoredColumns(db: AllstallDb): Promise<boolean> {
  const [generation, records, config, staged] = await db.transaction('r', db.meta, db.restroomBuckets, db.stagedRows, () =>
    Promise.all([mirrorGeneration(db), db.restroomBuckets.toArray(), metaGet(db, 'clientConfig'), db.stagedRows.count()]),
  );
  // A first sync under way (perhaps another tab's): its staged rows are merged at its end, which
  // bumps the generation; an index of the buckets alone would miss them.
  if (staged > 0) return false;
  const rows: CompactRestroom[] = [];
  for (const record of records) for (const row of record.rows) if (compactIsPublic(row)) rows.push(row);
  const columns = storedColumnsOf(rows);
  const origins = config ? [config.region.listOrigin, config.region.mapCenter] : [];
  const nearby = Array.from(nearestTo(rows, origins, NEARBY_ROWS), (at) => rows[at]!);
  return storeColumns(db, columns, nearby, generation);
}

/** Stores the index built at `generation`; false, writing nothing, when a write has changed the buckets since. */
export function storeColumns(db: AllstallDb, columns: StoredColumns, nearby: CompactRestroom[], generation: number): Promise<boolean> {
  return db.transaction('rw', db.meta, db.restroomIndex, async () => {
    if ((await mirrorGeneration(db)) !== generation) return false;
    await db.restroomIndex.put(storedColumnsRecord(columns, nearby, generation));
    return true;
  });
}

/** As many rows as a first page of the list and the pins around the map's centre show, with room to spare. */
export const NEARBY_ROWS = 300;

/** The `count` placed rows nearest any of `origins`, nearest first, measured as the snapshot orders its lines. */
function nearestTo(rows: readonly CompactRestroom[], origins: readonly LatLng[], count: number): Uint32Array {
  const distances = Float64Array.from(rows, (row) =>
    outwardDistanceMiles({ latitude: row[COMPACT_AT.latitude], longitude: row[COMPACT_AT.longitude] }, origins),
  );
  const order = orderOutward(distances);
  let placed = 0;
  while (placed < Math.min(count, order.length) && distances[order[placed]!] !== Number.POSITIVE_INFINITY) placed++;
  return order.subarray(0, placed);
}
