import type { CompactRestroom } from '@allstall/shared';

/**
 * The mirror's restrooms rest in this many IndexedDB records. IndexedDB pays per record, not per
 * byte: 100,000 rows as 256 records of ~400 rows write and read back in tens of milliseconds, where
 * 100,000 records take seconds. Any writer (a tab, the service worker) finds a restroom's record from
 * its id alone, so one changed restroom costs one record rewritten, with no index kept anywhere.
 */
export const BUCKET_COUNT = 256;

export interface RestroomBucket {
  bucket: number;
  /** Compact rows (COMPACT_RESTROOM_FORMAT), in no particular order. */
  rows: CompactRestroom[];
}

/** One flush of a first sync: the rows it applied, in the order flushes ran (`seq`, given by IndexedDB). */
export interface StagedRows {
  seq?: number;
  rows: CompactRestroom[];
}

/**
 * FNV-1a over the id's UTF-16 units. UUIDv7 ids of one import share their leading characters (the
 * time), so anything that looked at a prefix would pile them into a few buckets; FNV mixes every unit.
 */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < id.length; at++) {
    hash ^= id.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKET_COUNT;
}

/** The records for `rows`, grouped by bucket. */
export function groupIntoBuckets(rows: Iterable<CompactRestroom>): Map<number, CompactRestroom[]> {
  const grouped = new Map<number, CompactRestroom[]>();
  for (const row of rows) {
    const bucket = bucketOf(row[0]);
    const list = grouped.get(bucket);
    if (list) list.push(row);
    else grouped.set(bucket, [row]);
  }
  return grouped;
}
