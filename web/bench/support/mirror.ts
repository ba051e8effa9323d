import type { Page } from 'playwright-core';

export interface MirrorState {
  restrooms: number;
  /** When the last complete pull ended (epoch ms), or null before the first one has. */
  lastSyncedAt: number | null;
}

/** What the device's IndexedDB mirror holds, read directly (not through the app) from one of its pages. */
export function mirrorState(page: Page): Promise<MirrorState> {
  return page.evaluate(
    () =>
      new Promise<MirrorState>((resolve, reject) => {
        const open = indexedDB.open('allstall');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction(['restrooms', 'meta']);
          const count = read.objectStore('restrooms').count();
          const synced = read.objectStore('meta').get('lastSyncedAt');
          read.oncomplete = () => {
            db.close();
            const row = synced.result as { value?: unknown } | undefined;
            resolve({ restrooms: count.result, lastSyncedAt: typeof row?.value === 'number' ? row.value : null });
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** Polls the mirror until a complete pull has been recorded. */
export async function waitUntilSynced(page: Page, timeoutMs: number): Promise<MirrorState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await mirrorState(page);
    if (state.lastSyncedAt !== null) return state;
    if (Date.now() > deadline) throw new Error(`the first pull did not finish in ${timeoutMs / 1000} s (${state.restrooms} restrooms stored)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
