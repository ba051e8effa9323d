import { NetworkError } from '../api-client';
import { importWithRetry } from '../import-with-retry';
import type { FirstSyncSource } from './sync-engine';
import type * as WorkerFirstSyncModule from './worker-first-sync';
import type { WorkerFirstSyncOptions } from './worker-first-sync';

/**
 * The snapshot worker's first sync, its page side fetched when a first sync starts: a device that
 * holds its restrooms never needs it, so none of it is in the first screen's JavaScript. A load
 * that failed is a failed download like the snapshot's own, tried again with the next pull.
 */
export function lazyWorkerFirstSync(options: WorkerFirstSyncOptions): FirstSyncSource {
  return {
    async run(onProgress) {
      let module: typeof WorkerFirstSyncModule;
      try {
        module = await importWithRetry(() => import('./worker-first-sync'));
      } catch (error) {
        throw new NetworkError(error);
      }
      return module.createWorkerFirstSync(options).run(onProgress);
    },
  };
}
