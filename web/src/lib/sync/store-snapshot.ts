import type { CompactRestroom } from '@allstall/shared';
import type { Clock } from '../device/clock';
import type { MirrorWriter } from './mirror-writer';
import type { SnapshotStream } from './snapshot-lines';

export interface StoreSnapshotOptions {
  clock: Pick<Clock, 'now'>;
  /** Rows are saved at most this often, and at the end. */
  flushEveryMs: number;
  /**
   * The mirror is ready for the rows about to come, `total` of them in all: cleared (`resumed`
   * false), or kept but for the rows of `dropped` pieces, with `saved` restrooms already stored.
   */
  onCleared(start: SnapshotStart): void;
  /** Every row of this piece has gone to the writer's memory (the list can show its cell as held). */
  onPiece?(key: string): void;
  /** A line's restrooms, handed to the writer's memory just now. */
  onRows?(rows: CompactRestroom[]): void;
  /** Restrooms saved in IndexedDB so far, after each flush but the last (the result says that one). */
  onSaved(saved: number, total: number): void;
  /** Waited for between lines: the page's thread lets the page breathe there. */
  pause?: () => Promise<void>;
}

/** How a first sync in pieces begins, as the page hears it. */
export interface SnapshotStart {
  total: number;
  saved: number;
  resumed: boolean;
  /** Restrooms a resume dropped with pieces the index no longer names. */
  dropped: string[];
  /** Every piece's key in the index, and those already held (kept from before). */
  pieces: string[];
  held: string[];
}

export interface StoredSnapshot {
  cursor: string;
  saved: number;
  total: number;
}

/**
 * A first sync's pieces into the mirror, the same wherever it runs (the snapshot worker, or the
 * page's thread where there is no Worker): the mirror cleared, or on a resume kept but for the
 * pieces the index no longer names; each line to the writer's memory at once; the rows saved every
 * `flushEveryMs` and at the end, each flush noting the pieces whole by then, and the cursor only
 * with the last flush, after the end line. A download cut short leaves the pieces it stored, so
 * the next pull fetches only the others. Resolves with the cursor and how many restrooms are
 * saved, of how many.
 */
export async function storeSnapshot(snapshot: SnapshotStream, writer: MirrorWriter, options: StoreSnapshotOptions): Promise<StoredSnapshot> {
  const { clock, flushEveryMs } = options;
  const { header, plan } = snapshot;
  const total = header.restrooms;
  const resumed = plan.keep.length > 0 || plan.drop.length > 0;
  const write = await writer.beginSnapshot({ cursor: header.cursor, resume: resumed ? { keep: plan.keep, drop: plan.drop } : null });
  // The index says how many restrooms each piece holds: those kept are saved already.
  const savedBefore = resumed ? plan.fetch.reduce((left, piece) => left - piece.restrooms, total) : 0;
  options.onCleared({
    total,
    saved: savedBefore,
    resumed,
    dropped: write.dropped,
    pieces: [...plan.keep, ...plan.fetch].map((piece) => piece.key),
    held: plan.keep.map((piece) => piece.key),
  });
  try {
    let lastFlush = clock.now();
    let ended = false;
    for await (const line of snapshot.lines) {
      if ('end' in line) {
        ended = true;
        break;
      }
      if ('piece' in line) {
        write.pieceDone(line.piece);
        options.onPiece?.(line.piece.key);
      } else if ('restrooms' in line) {
        write.addRestrooms(line.restrooms);
        options.onRows?.(line.restrooms);
      } else {
        write.addComments(line.comments);
      }
      if (clock.now() - lastFlush >= flushEveryMs) {
        await write.flush();
        lastFlush = clock.now();
        options.onSaved(savedBefore + write.saved, total);
      }
      await options.pause?.();
    }
    if (!ended) throw new Error('The snapshot ended before its end line');
    await write.flush(header.cursor);
    return { cursor: header.cursor, saved: savedBefore + write.saved, total };
  } finally {
    write.close();
  }
}
