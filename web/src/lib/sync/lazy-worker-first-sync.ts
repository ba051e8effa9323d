import { NetworkError } from '../api/api-client';
import { importWithRetry } from '../device/import-with-retry';
import { askForSnapshot, cancelSnapshot } from './snapshot-worker-port';
import type { FirstSyncSource } from './sync-engine';
import type { WorkerFirstSyncOptions } from './worker-first-sync';

/**
 * The snapshot worker's first sync, its page side fetched when a first sync starts: a device that
 * holds its restrooms never needs it, so none of it is in the first screen's JavaScript. The
 * snapshot's request is not kept waiting for it: it goes out at once, and its body is handed to the
 * worker (where a stream can be). A load that failed is a failed download like the snapshot's own, tried again with the next pull.
 */
export function lazyWorkerFirstSync(options: WorkerFirstSyncOptions): FirstSyncSource {
  return {
    async run(onProgress) {
      // The snapshot's request goes out now, beside the fetch of this first sync's code.
      const body = askForSnapshot(options.api);
      const module = await importWithRetry(() => import('./worker-first-sync')).catch((error: unknown) => {
        cancelSnapshot(body);
        throw new NetworkError(error);
      });
      return module.createWorkerFirstSync(options).run(onProgress, body);
    },
  };
}
