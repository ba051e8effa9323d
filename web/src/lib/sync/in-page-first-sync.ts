import type { ApiClient } from '../api-client';
import type { Clock } from '../clock';
import type { MirrorWriter } from './mirror-writer';
import * as snapshotLines from './snapshot-lines';
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
 * run the engine's logic in jsdom): the snapshot job (`snapshot-job.ts`) step for step, with this
 * tab's writer, so its store gets each line as the writer applies it. Loaded only when needed: a
 * browser runs the snapshot worker, and this stays out of the first screen's JavaScript.
 *
 * Each line goes to memory at once (the list shows it), the rows are saved every `flushEveryMs` and
 * at the end, and the cursor only with the last flush, after the end line. A download cut short
 * leaves no cursor, so the next pull starts it over. Resolves with the snapshot's cursor, or
 * undefined when the server has no snapshot.
 */
export function createInPageFirstSync({ api, writer, clock, flushEveryMs, pause }: InPageFirstSyncOptions): FirstSyncSource {
  return {
    async run(onProgress) {
      const snapshot = await api.syncSnapshot(snapshotLines);
      if (!snapshot) return undefined;
      const { header } = snapshot;
      const write = await writer.beginSnapshot();
      const total = header.restrooms;
      onProgress({ saved: 0, total });
      try {
        let lastFlush = clock.now();
        let ended = false;
        for await (const line of snapshot.lines) {
          if ('end' in line) {
            ended = true;
            break;
          }
          if ('restrooms' in line) write.addRestrooms(line.restrooms);
          else write.addComments(line.comments);
          if (clock.now() - lastFlush >= flushEveryMs) {
            await write.flush();
            lastFlush = clock.now();
            onProgress({ saved: write.saved, total });
          }
          await pause();
        }
        if (!ended) throw new Error('The snapshot ended before its end line');
        await write.flush(header.cursor);
        onProgress({ saved: write.saved, total });
        return header.cursor;
      } finally {
        write.close();
      }
    },
  };
}
