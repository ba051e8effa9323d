import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';

export interface StoredColumnsState {
  /** How many restrooms the stored column index lists; null when there is none. */
  restrooms: number | null;
  /** Whether it describes the buckets as they are (its generation is the mirror's). */
  current: boolean;
}

/** Runs in the page: the stored column index as IndexedDB holds it. */
function readInPage(): Promise<StoredColumnsState> {
  return new Promise<StoredColumnsState>((resolve, reject) => {
        const opening = indexedDB.open('allstall');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('restroomIndex')) {
            db.close();
            resolve({ restrooms: null, current: false });
            return;
          }
          const tx = db.transaction(['meta', 'restroomIndex'], 'readonly');
          const generation = tx.objectStore('meta').get('mirrorGeneration');
          const index = tx.objectStore('restroomIndex').get('columns');
          tx.oncomplete = () => {
            db.close();
            const record = index.result as { generation: number; columns: { length: number } } | undefined;
            const now = (generation.result as { value: number } | undefined)?.value ?? 0;
            resolve({ restrooms: record?.columns.length ?? null, current: record !== undefined && record.generation === now });
          };
          tx.onerror = () => reject(tx.error);
        };
  });
}

/** The device's stored column index (web/src/lib/sync/stored-columns.ts), read from IndexedDB as it is. */
function storedColumnsState(page: Page): Promise<StoredColumnsState> {
  return page.evaluate(readInPage);
}

/** Waits until the keeper has stored a current column index (it waits for the mirror to be quiet first), polling IndexedDB. */
export async function waitForStoredColumns(page: Page, timeoutMs: number): Promise<StoredColumnsState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await storedColumnsState(page);
    if (state.current) return state;
    if (Date.now() > deadline) throw new Error(`no current column index was stored within ${timeoutMs} ms: ${JSON.stringify(state)}`);
    await delay(250);
  }
}
