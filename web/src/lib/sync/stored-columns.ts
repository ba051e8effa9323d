import type { CompactRestroom } from '@allstall/shared';
import type { AllstallDb } from '../db/db';
import type { StoredColumns } from '../restrooms/restroom-columns';

/**
 * Bumped when `StoredColumns` changes shape or meaning: a record of another format is not read, and is
 * rebuilt. 2: the filter bits gained open to the public and free, and `nearby` holds format-4 rows.
 */
const STORED_COLUMNS_FORMAT = 2;

/**
 * The mirror's column index as one IndexedDB record (docs/offline-data.md#the-column-index): typed
 * arrays clone in and out of IndexedDB about as fast as memory copies, where 100,000 compact rows
 * take a quarter of a second to read back. It is a cache of the buckets at one `mirrorGeneration`:
 * every writer bumps that number, so a record of an older generation is never read.
 */
export interface StoredColumnsRecord {
  key: 'columns';
  format: number;
  generation: number;
  /** The ids, one per line: one string clones like a memory copy, where 100,000 short ones took ~50 ms to read back. */
  ids: string;
  columns: Omit<StoredColumns, 'ids'>;
  /**
   * The whole rows of the restrooms nearest the region's list origin and map centre, where a start
   * without a shared position opens: its first rows and pins need no bucket read.
   */
  nearby: CompactRestroom[];
}

/** The record that stores `columns` (and `nearby`) at `generation`. */
export function storedColumnsRecord({ ids, ...columns }: StoredColumns, nearby: CompactRestroom[], generation: number): StoredColumnsRecord {
  return { key: 'columns', format: STORED_COLUMNS_FORMAT, generation, ids: ids.join('\n'), columns, nearby };
}

export interface FreshColumns {
  columns: StoredColumns;
  nearby: CompactRestroom[];
  generation: number;
}

/** The stored columns when they still describe the buckets (same generation, same format); null otherwise. */
export async function readStoredColumns(db: AllstallDb): Promise<FreshColumns | null> {
  return db.transaction('r', db.meta, db.restroomIndex, async () => {
    const [generation, record] = await Promise.all([mirrorGeneration(db), db.restroomIndex.get('columns')]);
    if (record === undefined || record.format !== STORED_COLUMNS_FORMAT || record.generation !== generation) return null;
    return { columns: { ...record.columns, ids: record.ids === '' ? [] : record.ids.split('\n') }, nearby: record.nearby, generation };
  });
}

/** How many times a writer has changed the buckets; 0 on a device whose mirror no writer has touched since version 5. */
export async function mirrorGeneration(db: AllstallDb): Promise<number> {
  const row = await db.meta.get('mirrorGeneration');
  return (row?.value as number | undefined) ?? 0;
}
