import { COMPACT_AT } from '@allstall/shared';
import { NetworkError, type ApiClient } from '../api/api-client';
import { askForSnapshot, cancelSnapshot, type SnapshotBodyRequest, type SnapshotWorkerPort } from './snapshot-worker-port';
import type { MirrorChannel } from './mirror-channel';
import type { MirrorStore } from './mirror-store';
import type { SyncFocus } from './sync-focus';
import type { FirstSyncSource, SyncProgress } from './sync-engine';

export interface WorkerFirstSyncOptions {
  /** This tab's store: each line's restrooms go into it as they arrive (bulk mode, as the in-page first sync). */
  store: MirrorStore;
  /** This tab's channel to other tabs, told of every bucket the worker has committed. */
  channel: MirrorChannel | null;
  /** The IndexedDB database the worker opens (the page's own). */
  dbName: string;
  /** The page's api client: it asks for the index of pieces, whose body the worker reads. */
  api: Pick<ApiClient, 'snapshotBody'>;
  /** Where the person is looking: the worker fetches the pieces nearest first from there, and hears when it moves. */
  focus: SyncFocus;
  startWorker?: () => SnapshotWorkerPort;
  /** Whether the snapshot's body can be handed to the worker; `canTransferStreams()` unless a test says. */
  transfersStreams?: boolean;
}

/** A dedicated module worker of its own chunk: Vite bundles `snapshot-worker.ts` apart from the first screen's JavaScript. */
export function startSnapshotWorker(): SnapshotWorkerPort {
  return new Worker(new URL('./snapshot-worker.ts', import.meta.url), { type: 'module', name: 'allstall-snapshot' });
}

export interface WorkerFirstSync extends FirstSyncSource {
  /** `body` is the request `lazyWorkerFirstSync` sent before this module was fetched. */
  run(onProgress: (progress: SyncProgress) => void, body?: SnapshotBodyRequest): Promise<string | undefined>;
}

/** A worker's error as the sync status reads it: a script that never loaded (no signal, an update mid-way) is offline. */
function workerFailure(event: unknown): Error {
  const message: unknown = (event as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? new Error(`The snapshot worker failed: ${message}`) : new NetworkError(new Error('The snapshot worker did not start'));
}

/**
 * The sync engine's first sync, run by the snapshot worker (`snapshot-job.ts`): the page asks for
 * the snapshot itself, at once, and hands the body to the worker, which decodes, parses, checks and
 * stores it; the page only puts each line's compact rows into its store (so the list and the map
 * draw the first lines at once), reports the progress, and relays the worker's commits to other
 * tabs. Where a stream cannot be handed over, the worker asks for the snapshot itself. A worker per
 * first sync, ended when it is over: it holds a copy of every row while it writes, which the page
 * need not keep. A failure rejects as the in-page path does (`NetworkError` when offline), so the
 * sync status says the same thing; the cursor is written only with the last flush, so a failure
 * leaves none.
 */
export function createWorkerFirstSync(options: WorkerFirstSyncOptions): WorkerFirstSync {
  const { store, channel, dbName } = options;
  return {
    async run(onProgress, request = askForSnapshot(options.api, options.transfersStreams)) {
      // Its script (the worker's chunk) downloads while the snapshot's answer is on its way.
      const worker = (options.startWorker ?? startSnapshotWorker)();
      // It says 'ready' once its script runs, and only then gets the body: the body of a worker that
      // never loaded is still the page's, to cancel.
      const loaded = new Promise<unknown>((resolve) => {
        worker.onmessage = () => resolve(undefined);
        worker.onerror = resolve;
      });
      let handedOver = false;
      let bulk = false;
      let stopFollowing = () => undefined as unknown;
      /*
       * While the worker stores the new set, memory keeps the rows it held, so a restroom on screen
       * (opened from a link, a dialog open on it) does not vanish; these are the ones the set has not
       * brought yet. Cut short, what memory holds stays (the next pull starts the snapshot over).
       */
      let stale = new Set<string>();
      let pieces: NonNullable<SyncProgress['pieces']> = { all: [], held: [] };
      try {
        // No snapshot (404) or no answer settles the sync without waiting for the worker's script.
        const body = request ? await request : undefined;
        if (body === null) return undefined;
        // A load still reading the buckets must not put back rows the worker is about to clear.
        const [failure] = await Promise.all([loaded, store.ready()]);
        if (failure) throw workerFailure(failure);
        return await new Promise<string | undefined>((resolve, reject) => {
          worker.onmessage = ({ data }) => {
            switch (data.kind) {
              case 'committed':
                channel?.post(data.buckets);
                break;
              case 'cleared':
                pieces = { all: data.pieces, held: data.held };
                if (data.resumed) {
                  // The stored pieces stay; the rows of those the index no longer names go.
                  store.delete(data.dropped);
                } else {
                  // IndexedDB is cleared; memory keeps what it shows until the new set is all here.
                  stale = new Set(store.allRows().map((row) => row[COMPACT_AT.id]));
                }
                if (!bulk) store.beginBulk();
                bulk = true;
                onProgress({ saved: data.saved, total: data.total, pieces });
                break;
              case 'piece':
                // Told with the next progress, not now: a status change redraws the list over every
                // row, which the store paces during a first sync and a piece a second must not undo.
                pieces = { all: pieces.all, held: [...pieces.held, data.key] };
                break;
              case 'rows':
                for (const row of data.rows) stale.delete(row[COMPACT_AT.id]);
                store.put(data.rows);
                break;
              case 'saved':
                onProgress({ saved: data.saved, total: data.total, pieces });
                break;
              case 'end':
                // The whole new set is here: what it did not bring goes.
                store.delete([...stale]);
                onProgress({ saved: data.saved, total: data.total, pieces });
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
          // An error the job did not catch.
          worker.onerror = (event) => reject(workerFailure(event));
          const focus = options.focus.current();
          if (body) {
            worker.postMessage({ dbName, body, focus }, [body]);
            handedOver = true;
          } else {
            worker.postMessage({ dbName, focus });
          }
          stopFollowing = options.focus.subscribe((at) => worker.postMessage({ focus: at }));
        });
      } finally {
        stopFollowing();
        worker.terminate();
        if (!handedOver) cancelSnapshot(request);
        if (bulk) store.endBulk();
      }
    },
  };
}
