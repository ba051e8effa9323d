import type { CompactRestroom, LatLng } from '@allstall/shared';
import { NetworkError, type ApiClient } from '../api/api-client';
import type { Clock } from '../device/clock';
import { metaGet, type AllstallDb } from '../db/db';
import type { MirrorChannel } from './mirror-channel';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import * as snapshotLines from './snapshot-lines';
import { PieceGoneError } from './snapshot-lines';
import { storeSnapshot, type SnapshotStart } from './store-snapshot';

/**
 * What the page asks the snapshot worker: a first sync into the IndexedDB database of that name,
 * from the snapshot's body when the page asked for it (transferred), else the worker asks itself.
 */
export interface SnapshotJobRequest {
  dbName: string;
  body?: ReadableStream<Uint8Array>;
  /** Where the person is looking as the sync starts: their piece comes first. */
  focus: LatLng;
}

/** Sent to the worker after the request, whenever the person looks somewhere else: the pieces left come nearest first from there. */
export interface SnapshotFocusMessage {
  focus: LatLng;
}

/**
 * What the snapshot worker tells the page, in this order: `ready` once its script runs, then (after
 * the request) `committed` for the cleared (or resumed) mirror, then `cleared`, then per line
 * `rows` and per piece `piece`, and after each flush `committed` and `saved`, then one of `end`,
 * `none` or `failed`.
 */
export type SnapshotJobMessage =
  /** The worker's script has loaded and waits for the request: the page hands it the body only now, so a worker that never loads leaves the body with the page to cancel. */
  | { kind: 'ready' }
  /**
   * The mirror is ready for the pieces: cleared (the page empties its store too), or on a resume
   * kept but for the `dropped` restrooms, with `saved` already stored.
   */
  | ({ kind: 'cleared' } & SnapshotStart)
  /** Every row of the piece with this key has been posted: its cell is held in the page's memory. */
  | { kind: 'piece'; key: string }
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
  /** The index's body as the page received it; without it the job asks for the index itself. */
  body?: ReadableStream<Uint8Array> | undefined;
  /** Where the person is looking now (the page tells the worker when it changes). */
  focus: () => LatLng;
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
  const { db, api, clock, post, focus } = options;
  const flushEveryMs = options.flushEveryMs ?? 1500;
  const toPage: MirrorChannel = {
    post(buckets) {
      const list = [...buckets];
      if (list.length > 0) post({ kind: 'committed', buckets: list });
    },
    close: () => undefined,
  };
  let body = options.body;
  try {
    for (let attempt = 1; ; attempt++) {
      const stored = (await metaGet(db, 'firstSyncPieces')) ?? null;
      // Resuming, the merge writes whole buckets from memory: it must hold what IndexedDB holds.
      const memory = new MirrorStore();
      if (stored === null) memory.loadRows([]);
      else await memory.load(db);
      const writer = createMirrorWriter({ db, store: memory, channel: toPage });
      const snapshot = await api.syncSnapshot(snapshotLines, { body, stored, focus });
      body = undefined;
      if (!snapshot) {
        post({ kind: 'none' });
        return;
      }
      try {
        const done = await storeSnapshot(snapshot, writer, {
          clock,
          flushEveryMs,
          onCleared: (start) => post({ kind: 'cleared', ...start }),
          onPiece: (key) => post({ kind: 'piece', key }),
          onRows: (added) => post({ kind: 'rows', rows: added }),
          onSaved: (saved, total) => post({ kind: 'saved', saved, total }),
        });
        post({ kind: 'end', ...done });
        return;
      } catch (error) {
        // Two rebuilds went by since the index was read: a newer one, keeping what is stored.
        if (!(error instanceof PieceGoneError) || attempt >= MAX_INDEX_READS) throw error;
      }
    }
  } catch (error) {
    post({ kind: 'failed', offline: error instanceof NetworkError, message: error instanceof Error ? error.message : String(error) });
  }
}

/** How many indexes one first sync reads before it gives up until the next pull: pieces gone twice means the server rebuilds faster than this device downloads. */
const MAX_INDEX_READS = 3;
