import {
  compactRestroom,
  COMPACT_RESTROOM_FORMAT,
  SNAPSHOT_FORMAT,
  SNAPSHOT_LINE_ROWS,
  snapshotWireLine,
  type Comment,
  type Restroom,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import type { SnapshotStream } from '../lib/sync/snapshot-lines';

/** The lines of a snapshot at `cursor` holding `restrooms` and `comments`, as the server writes them. */
export function snapshotLines(
  cursor: string,
  restrooms: readonly Restroom[],
  comments: readonly Comment[] = [],
  { lineRows = SNAPSHOT_LINE_ROWS, end = true }: { lineRows?: number; end?: boolean } = {},
): [SyncSnapshotHeader, ...SyncSnapshotLine[]] {
  const header: SyncSnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    restroomFormat: COMPACT_RESTROOM_FORMAT,
    cursor,
    restrooms: restrooms.length,
    comments: comments.length,
  };
  const lines: SyncSnapshotLine[] = [];
  for (let at = 0; at < restrooms.length; at += lineRows) lines.push({ restrooms: restrooms.slice(at, at + lineRows).map(compactRestroom) });
  for (let at = 0; at < comments.length; at += lineRows) lines.push({ comments: comments.slice(at, at + lineRows) });
  if (end) lines.push({ end: true });
  return [header, ...lines];
}

/** The NDJSON body, cut into chunks of `chunkBytes` so lines straddle chunk boundaries as on a real network. */
export function snapshotBody(lines: readonly unknown[], chunkBytes = 97): ReadableStream<Uint8Array> {
  // Restroom lines travel as columns, as the server sends them.
  const wire = lines.map((line) => (typeof line === 'object' && line !== null && 'restrooms' in line && Array.isArray(line.restrooms) ? snapshotWireLine(line as SyncSnapshotLine) : line));
  const bytes = new TextEncoder().encode(wire.map((line) => JSON.stringify(line)).join('\n') + '\n');
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunkBytes));
      at += chunkBytes;
    },
  });
}

/** The stream the api client gives the engine, for tests that script the server; `failAfter` lines, the connection drops. */
export function snapshotStream(lines: [SyncSnapshotHeader, ...SyncSnapshotLine[]], failAfter?: number): SnapshotStream {
  const [header, ...rest] = lines;
  return {
    header,
    lines: (async function* () {
      for (const [index, line] of rest.entries()) {
        if (failAfter !== undefined && index >= failAfter) throw new Error('connection dropped');
        await Promise.resolve();
        yield line;
      }
    })(),
  };
}
