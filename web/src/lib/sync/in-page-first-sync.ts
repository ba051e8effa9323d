import { metaGet } from '../db/db';
import type { ApiClient } from '../api/api-client';
import type { Clock } from '../device/clock';
import type { MirrorWriter } from './mirror-writer';
import * as snapshotLines from './snapshot-lines';
import { PieceGoneError } from './snapshot-lines';
import { storeSnapshot } from './store-snapshot';
import type { SyncFocus } from './sync-focus';
import type { FirstSyncSource, SyncProgress } from './sync-engine';

export interface InPageFirstSyncOptions {
  api: Pick<ApiClient, 'syncSnapshot'>;
  writer: MirrorWriter;
  clock: Pick<Clock, 'now'>;
  flushEveryMs: number;
  /** Lets the page breathe between lines. */
  pause: () => Promise<void>;
  /** Where the person is looking: the pieces come nearest first from there. */
  focus: SyncFocus;
}

/** How many indexes one first sync reads: a piece gone means the server rebuilt twice meanwhile. */
const MAX_INDEX_READS = 3;

/**
 * The first sync on the page's own thread, where there is no Worker (and in the unit tests, which
 * run the engine's logic in jsdom): the pieces stored as the snapshot job (`snapshot-job.ts`)
 * stores them (`storeSnapshot`), with this tab's writer, so its store gets each line as the writer
 * applies it, and resumes from what it stored. Loaded only when needed: a browser runs the
 * snapshot worker, and this stays out of the first screen's JavaScript. Resolves with the cursor,
 * or undefined when the server has no pieces.
 */
export function createInPageFirstSync({ api, writer, clock, flushEveryMs, pause, focus }: InPageFirstSyncOptions): FirstSyncSource {
  return {
    async run(onProgress) {
      for (let attempt = 1; ; attempt++) {
        const stored = (await metaGet(writer.db, 'firstSyncPieces')) ?? null;
        const snapshot = await api.syncSnapshot(snapshotLines, { stored, focus: () => focus.current() });
        let pieces: NonNullable<SyncProgress['pieces']> = { all: [], held: [] };
        if (!snapshot) return undefined;
        try {
          const { cursor, saved, total } = await storeSnapshot(snapshot, writer, {
            clock,
            flushEveryMs,
            onCleared: (start) => {
              pieces = { all: start.pieces, held: start.held };
              onProgress({ saved: start.saved, total: start.total, pieces });
            },
            // Told with the next progress (worker-first-sync.ts says why).
            onPiece: (key) => {
              pieces = { all: pieces.all, held: [...pieces.held, key] };
            },
            onSaved: (sofar, all) => onProgress({ saved: sofar, total: all, pieces }),
            pause,
          });
          onProgress({ saved, total, pieces });
          return cursor;
        } catch (error) {
          if (!(error instanceof PieceGoneError) || attempt >= MAX_INDEX_READS) throw error;
        }
      }
    },
  };
}
