import type { CompactRestroom } from '@allstall/shared';
import type { AllstallDb } from '../db';
import { storedColumnsOf } from '../restroom-columns';
import { compactIsPublic } from './mirror-store';
import type { MirrorWriter } from './mirror-writer';
import { mirrorGeneration } from './stored-columns';

/**
 * Builds the column index from the buckets as IndexedDB holds them and stores it, unless a writer
 * changed them meanwhile (then the next quiet moment builds it again). Read from IndexedDB rather
 * than a tab's memory: memory cannot say which generation it holds once another tab or the service
 * worker has written. Runs in the columns worker (`columns-worker.ts`), or in the page without one.
 */
export async function rebuildStoredColumns(db: AllstallDb, writer: Pick<MirrorWriter, 'storeColumns'>): Promise<boolean> {
  const [generation, records] = await db.transaction('r', db.meta, db.restroomBuckets, () =>
    Promise.all([mirrorGeneration(db), db.restroomBuckets.toArray()]),
  );
  const rows: CompactRestroom[] = [];
  for (const record of records) for (const row of record.rows) if (compactIsPublic(row)) rows.push(row);
  return writer.storeColumns(storedColumnsOf(rows), generation);
}
