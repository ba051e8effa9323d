import type { CompactRestroom } from '@allstall/shared';
import { NetworkError, type ApiClient } from '../api/api-client';
import type { Clock } from '../device/clock';
import type { AllstallDb } from '../db/db';
import type { MirrorChannel } from './mirror-channel';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import * as snapshotLines from './snapshot-lines';
import { storeSnapshot } from './store-snapshot';

/**
 * What the page asks the snapshot worker: a first sync into the IndexedDB database of that name,
 * from the snapshot's body when the page asked for it (transferred), else the worker asks itself.
 */
export interface SnapshotJobRequest {
  dbName: string;
  body?: ReadableStream<Uint8Array>;
}

/**
 * What the snapshot worker tells the page, in this order: `ready` once its script runs, then (after
 * the request) `committed` for the cleared mirror, then `cleared`, then per line `rows`, and after
 * each flush `committed` and `saved`, then one of `end`, `none` or `failed`.
 */
export type SnapshotJobMessage =
  /** The worker's script has loaded and waits for the request: the page hands it the body only now, so a worker that never loads leaves the body with the page to cancel. */
  | { kind: 'ready' }
  /** The mirror, its comments and its cursor are cleared: the page empties its store too. */
  | { kind: 'cleared'; total: number }
  /** One line's restrooms, for the page's memory at once (the list and the map draw them). */
  | { kind: 'rows'; rows: CompactRestroom[] }
  /** A transaction that rewrote these buckets has committed: the page tells other tabs. */
  | { kind: 'committed'; buckets: number[] }
  /** Restrooms saved in IndexedDB so far (only climbing), of the header's total. */
  | { kind: 'saved'; saved: number; total: number }
  /** Every line is saved, with the snapshot's cursor in the same transaction as the last rows. */
  | { kind: 'end'; cursor: string; saved: number; total: number }
  /** The server has no snapshot (404) or one of another format: the page pulls the paged feed. */
  | { kind: 'none' }
  /** The download or a write failed; `offline` when the request never got (all of) its answer. */
  | { kind: 'failed'; offline: boolean; message: string };

export interface SnapshotJobOptions {
  db: AllstallDb;
  api: Pick<ApiClient, 'syncSnapshot'>;
  /** The snapshot's body as the page received it; without it the job asks for the snapshot itself. */
  body?: ReadableStream<Uint8Array> | undefined;
  clock: Pick<Clock, 'now'>;
  /** Rows are saved at most this often (and at the end), as the in-page first sync does. */
  flushEveryMs?: number;
  post(message: SnapshotJobMessage): void;
}

/**
 * A first sync as the snapshot worker runs it, off the page's main thread: reading the download
 * (the page's, handed over, or its own), its decoding and parsing, the check of every line and the
 * IndexedDB writes (whose structured clone of whole buckets was the page's longest task). It writes through the mirror writer, the one module
 * that writes the mirror, with a store of its own as the source of the buckets' rows and a channel
 * that hands each commit to the page instead of broadcasting it: the page updates its own store
 * from the `rows` messages and tells other tabs itself, so no tab re-reads what it already holds.
 * Never rejects: every outcome is a message.
 */
export async function runSnapshotJob(options: SnapshotJobOptions): Promise<void> {
  const { db, api, body, clock, post } = options;
  const flushEveryMs = options.flushEveryMs ?? 1500;
  const toPage: MirrorChannel = {
    post: (buckets) => post({ kind: 'committed', buckets: [...buckets] }),
    close: () => undefined,
  };
  const writer = createMirrorWriter({ db, store: new MirrorStore().loadRows([]), channel: toPage });
  try {
    const snapshot = await api.syncSnapshot(snapshotLines, body);
    if (!snapshot) {
      post({ kind: 'none' });
      return;
    }
    const stored = await storeSnapshot(snapshot, writer, {
      clock,
      flushEveryMs,
      onCleared: (total) => post({ kind: 'cleared', total }),
      onRows: (rows) => post({ kind: 'rows', rows }),
      onSaved: (saved, total) => post({ kind: 'saved', saved, total }),
    });
    post({ kind: 'end', ...stored });
  } catch (error) {
    post({ kind: 'failed', offline: error instanceof NetworkError, message: error instanceof Error ? error.message : String(error) });
  }
}
