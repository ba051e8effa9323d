import type { CompactRestroom } from '@allstall/shared';
import type { Clock } from '../device/clock';
import type { MirrorWriter } from './mirror-writer';
import type { SnapshotStream } from './snapshot-lines';

export interface StoreSnapshotOptions {
  clock: Pick<Clock, 'now'>;
  /** Rows are saved at most this often, and at the end. */
  flushEveryMs: number;
  /** The mirror is cleared and the rows are about to come: `total` of them. */
  onCleared(total: number): void;
  /** A line's restrooms, handed to the writer's memory just now. */
  onRows?(rows: CompactRestroom[]): void;
  /** Restrooms saved in IndexedDB so far, after each flush but the last (the result says that one). */
  onSaved(saved: number, total: number): void;
  /** Waited for between lines: the page's thread lets the page breathe there. */
  pause?: () => Promise<void>;
}

export interface StoredSnapshot {
  cursor: string;
  saved: number;
  total: number;
}

/**
 * A first sync's snapshot into the mirror, the same wherever it runs (the snapshot worker, or the
 * page's thread where there is no Worker): the mirror cleared, each line to the writer's memory at
 * once, the rows saved every `flushEveryMs` and at the end, and the cursor only with the last flush,
 * after the end line. A download cut short leaves no cursor, so the next pull starts it over.
 * Resolves with the snapshot's cursor and how many restrooms are saved, of how many.
 */
export async function storeSnapshot(snapshot: SnapshotStream, writer: MirrorWriter, options: StoreSnapshotOptions): Promise<StoredSnapshot> {
  const { clock, flushEveryMs } = options;
  const { header } = snapshot;
  const total = header.restrooms;
  const write = await writer.beginSnapshot();
  options.onCleared(total);
  try {
    let lastFlush = clock.now();
    let ended = false;
    for await (const line of snapshot.lines) {
      if ('end' in line) {
        ended = true;
        break;
      }
      if ('restrooms' in line) {
        write.addRestrooms(line.restrooms);
        options.onRows?.(line.restrooms);
      } else {
        write.addComments(line.comments);
      }
      if (clock.now() - lastFlush >= flushEveryMs) {
        await write.flush();
        lastFlush = clock.now();
        options.onSaved(write.saved, total);
      }
      await options.pause?.();
    }
    if (!ended) throw new Error('The snapshot ended before its end line');
    await write.flush(header.cursor);
    return { cursor: header.cursor, saved: write.saved, total };
  } finally {
    write.close();
  }
}
