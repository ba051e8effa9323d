import { NetworkError } from '../api-client';
import type { MirrorChannel } from './mirror-channel';
import type { MirrorStore } from './mirror-store';
import type { SnapshotJobMessage, SnapshotJobRequest } from './snapshot-job';
import type { FirstSyncSource } from './sync-engine';

/** The page's end of the snapshot worker: a `Worker`, or in tests the job run in-process. */
export interface SnapshotWorkerPort {
  onmessage: ((event: MessageEvent<SnapshotJobMessage>) => void) | null;
  /** Typed as the DOM types it; a script that failed to load fires a plain Event, without a message. */
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: SnapshotJobRequest): void;
  terminate(): void;
}

/** A dedicated module worker of its own chunk: Vite bundles `snapshot-worker.ts` apart from the first screen's JavaScript. */
export function startSnapshotWorker(): SnapshotWorkerPort {
  return new Worker(new URL('./snapshot-worker.ts', import.meta.url), { type: 'module', name: 'allstall-snapshot' });
}

export interface WorkerFirstSyncOptions {
  /** This tab's store: each line's restrooms go into it as they arrive (bulk mode, as the in-page first sync). */
  store: MirrorStore;
  /** This tab's channel to other tabs, told of every bucket the worker has committed. */
  channel: MirrorChannel | null;
  /** The IndexedDB database the worker opens (the page's own). */
  dbName: string;
  startWorker?: () => SnapshotWorkerPort;
}

/**
 * The sync engine's first sync, run by the snapshot worker (`snapshot-job.ts`): the page only puts
 * each line's compact rows into its store (so the list and the map draw the first lines at once),
 * reports the progress, and relays the worker's commits to other tabs. A worker per first sync,
 * ended when it is over: it holds a copy of every row while it writes, which the page need not keep.
 * A failure rejects as the in-page path does (`NetworkError` when offline), so the sync status says
 * the same thing; the cursor is written only with the last flush, so a failure leaves none.
 */
export function createWorkerFirstSync(options: WorkerFirstSyncOptions): FirstSyncSource {
  const { store, channel, dbName } = options;
  const startWorker = options.startWorker ?? startSnapshotWorker;
  return {
    async run(onProgress) {
      // A load still reading the buckets must not put back rows the worker is about to clear.
      await store.ready();
      const worker = startWorker();
      let bulk = false;
      try {
        return await new Promise<string | undefined>((resolve, reject) => {
          worker.onmessage = ({ data }) => {
            switch (data.kind) {
              case 'committed':
                channel?.post(data.buckets);
                break;
              case 'cleared':
                store.clear();
                store.beginBulk();
                bulk = true;
                onProgress({ saved: 0, total: data.total });
                break;
              case 'rows':
                store.put(data.rows);
                break;
              case 'saved':
                onProgress({ saved: data.saved, total: data.total });
                break;
              case 'end':
                onProgress({ saved: data.saved, total: data.total });
                resolve(data.cursor);
                break;
              case 'none':
                resolve(undefined);
                break;
              case 'failed':
                reject(data.offline ? new NetworkError(new Error(data.message)) : new Error(data.message));
                break;
            }
          };
          // An error the job did not catch, or a script that never loaded (no signal, an update mid-way).
          worker.onerror = (event) => {
            const message: unknown = event.message;
            reject(typeof message === 'string' && message !== '' ? new Error(`The snapshot worker failed: ${message}`) : new NetworkError(new Error('The snapshot worker did not start')));
          };
          worker.postMessage({ dbName });
        });
      } finally {
        worker.terminate();
        if (bulk) store.endBulk();
      }
    },
  };
}
