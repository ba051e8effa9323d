import type { Clock } from '../device/clock';
import type { ColumnsJobAnswer, ColumnsJobRequest } from './columns-worker';
import type { MirrorStore } from './mirror-store';

/** How long the mirror stays unchanged before its column index is rebuilt: a pull's pages come closer together than this. */
export const COLUMNS_QUIET_MS = 2000;

export interface ColumnKeeperOptions {
  store: MirrorStore;
  /** Builds and stores the index from IndexedDB (`rebuildInWorker`; tests run `rebuildStoredColumns` in-process). */
  rebuild: () => Promise<unknown>;
  /** Passed in rather than imported: this module is a chunk of its own, and the clock is the first screen's. */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  quietMs?: number;
}

/**
 * Keeps the stored column index current (docs/offline-data.md#the-column-index): whenever this tab's
 * memory holds rows the index may not describe (read without it, or changed since), and the mirror
 * has then been quiet for a moment with no first sync running, it is rebuilt once. A rebuild that
 * finds the buckets changed under it stores nothing; the change that did it brings another rebuild.
 * Returns the function that stops it.
 */
export function keepStoredColumns({ store, rebuild, clock, quietMs = COLUMNS_QUIET_MS }: ColumnKeeperOptions): () => void {
  let timer: unknown = null;
  let running = false;
  /** The store's revision the last rebuild started from: nothing new to describe until it moves. */
  let builtAt = -1;

  const due = () => store.columnsStale && store.revision !== builtAt;
  const check = () => {
    if (running || !due()) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(run, quietMs);
  };
  const run = () => {
    timer = null;
    if (!due()) return;
    running = true;
    builtAt = store.revision;
    // A rebuild that failed (storage full, the database closed) is tried again after the next change.
    void rebuild()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        check();
      });
  };

  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (timer !== null) clock.clearTimeout(timer);
  };
}

/** The rebuild run by a worker of its own chunk, ended when its one job is done. */
export function rebuildInWorker(dbName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./columns-worker.ts', import.meta.url), { type: 'module', name: 'allstall-columns' });
    const finish = (error?: Error) => {
      worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    worker.onmessage = (event: MessageEvent<ColumnsJobAnswer>) => finish(event.data.kind === 'failed' ? new Error(event.data.message) : undefined);
    worker.onerror = () => finish(new Error('The columns worker did not start'));
    worker.postMessage({ dbName } satisfies ColumnsJobRequest);
  });
}
