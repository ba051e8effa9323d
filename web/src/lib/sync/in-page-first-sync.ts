import type { ApiClient } from '../api/api-client';
import type { Clock } from '../device/clock';
import type { MirrorWriter } from './mirror-writer';
import * as snapshotLines from './snapshot-lines';
import { storeSnapshot } from './store-snapshot';
import type { FirstSyncSource } from './sync-engine';

export interface InPageFirstSyncOptions {
  api: Pick<ApiClient, 'syncSnapshot'>;
  writer: MirrorWriter;
  clock: Pick<Clock, 'now'>;
  flushEveryMs: number;
  /** Lets the page breathe between lines. */
  pause: () => Promise<void>;
}

/**
 * The first sync on the page's own thread, where there is no Worker (and in the unit tests, which
 * run the engine's logic in jsdom): the snapshot stored as the snapshot job (`snapshot-job.ts`)
 * stores it (`storeSnapshot`), with this tab's writer, so its store gets each line as the writer
 * applies it. Loaded only when needed: a browser runs the snapshot worker, and this stays out of
 * the first screen's JavaScript. Resolves with the snapshot's cursor, or undefined when the server
 * has no snapshot.
 */
export function createInPageFirstSync({ api, writer, clock, flushEveryMs, pause }: InPageFirstSyncOptions): FirstSyncSource {
  return {
    async run(onProgress) {
      const snapshot = await api.syncSnapshot(snapshotLines);
      if (!snapshot) return undefined;
      const { cursor, saved, total } = await storeSnapshot(snapshot, writer, {
        clock,
        flushEveryMs,
        onCleared: (all) => onProgress({ saved: 0, total: all }),
        onSaved: (sofar, all) => onProgress({ saved: sofar, total: all }),
        pause,
      });
      onProgress({ saved, total });
      return cursor;
    },
  };
}
