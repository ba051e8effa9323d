import type { AllstallDb } from '../db';
import type { StoredColumns } from '../restroom-columns';

/** Bumped when `StoredColumns` changes shape: a record of another format is not read, and is rebuilt. */
export const STORED_COLUMNS_FORMAT = 1;

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
  columns: StoredColumns;
}

export interface FreshColumns {
  columns: StoredColumns;
  generation: number;
}

/** The stored columns when they still describe the buckets (same generation, same format); null otherwise. */
export async function readStoredColumns(db: AllstallDb): Promise<FreshColumns | null> {
  return db.transaction('r', db.meta, db.restroomIndex, async () => {
    const [generation, record] = await Promise.all([mirrorGeneration(db), db.restroomIndex.get('columns')]);
    if (record === undefined || record.format !== STORED_COLUMNS_FORMAT || record.generation !== generation) return null;
    return { columns: record.columns, generation };
  });
}

/** How many times a writer has changed the buckets; 0 on a device whose mirror no writer has touched since version 5. */
export async function mirrorGeneration(db: AllstallDb): Promise<number> {
  const row = await db.meta.get('mirrorGeneration');
  return (row?.value as number | undefined) ?? 0;
}
