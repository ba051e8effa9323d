import type { Page } from 'playwright-core';

export interface MirrorState {
  restrooms: number;
  /** When the last complete pull ended (epoch ms), or null before the first one has. */
  lastSyncedAt: number | null;
}

/**
 * What the device's IndexedDB mirror holds, read directly (not through the app) from one of its
 * pages: restrooms kept in buckets of compact rows (`restroomBuckets`, `{ bucket, rows }`) or, as
 * before issue 13, one record each (`restrooms`).
 */
export function mirrorState(page: Page): Promise<MirrorState> {
  return page.evaluate(
    () =>
      new Promise<MirrorState>((resolve, reject) => {
        const open = indexedDB.open('allstall');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          const bucketed = stores.includes('restroomBuckets');
          const read = db.transaction(stores.filter((name) => name === 'meta' || name === (bucketed ? 'restroomBuckets' : 'restrooms')));
          let restrooms = 0;
          if (bucketed) {
            const buckets = read.objectStore('restroomBuckets').getAll();
            buckets.onsuccess = () => {
              for (const bucket of buckets.result as Array<{ rows: unknown[] }>) restrooms += bucket.rows.length;
            };
          } else if (stores.includes('restrooms')) {
            const count = read.objectStore('restrooms').count();
            count.onsuccess = () => (restrooms = count.result);
          }
          const synced = stores.includes('meta') ? read.objectStore('meta').get('lastSyncedAt') : null;
          read.oncomplete = () => {
            db.close();
            const row = synced?.result as { value?: unknown } | undefined;
            resolve({ restrooms, lastSyncedAt: typeof row?.value === 'number' ? row.value : null });
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}
