import {
  compactRestroom,
  COMPACT_RESTROOM_FORMAT,
  SNAPSHOT_FORMAT,
  SYNC_PIECES_FORMAT,
  type SyncPieceIndex,
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

/** A name of the server's form for a piece's text: its key and 16 hex digits of a hash of it. */
function pieceNameOf(key: string, text: string): string {
  let a = 0x811c9dc5;
  let b = 0x1000193;
  for (let at = 0; at < text.length; at++) {
    a = Math.imul(a ^ text.charCodeAt(at), 0x01000193);
    b = Math.imul(b ^ text.charCodeAt(at), 0x5bd1e995);
  }
  return `${key}.${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * A snapshot as the tests write it (`snapshotLines`) served as the server serves the first sync:
 * an index of one piece (the whole world's cell) whose body is the lines after the header.
 */
export function onePiece(lines: readonly [SyncSnapshotHeader, ...SyncSnapshotLine[]], { format = SYNC_PIECES_FORMAT }: { format?: number } = {}) {
  const [header, ...rest] = lines;
  const name = pieceNameOf('', JSON.stringify(rest));
  const index = {
    format,
    restroomFormat: header.restroomFormat,
    cursor: header.cursor,
    restrooms: header.restrooms,
    comments: header.comments,
    pieces: [{ key: '', name, restrooms: header.restrooms, comments: header.comments, bytes: 1 }],
  } as SyncPieceIndex;
  return { index, name, lines: rest };
}

/** The stream the api client gives the engine, for tests that script the server: one piece, fetched whole; `failAfter` lines, the connection drops. */
export function snapshotStream(lines: [SyncSnapshotHeader, ...SyncSnapshotLine[]], failAfter?: number): SnapshotStream {
  const [header, ...rest] = lines;
  const { index, name } = onePiece(lines);
  const piece = index.pieces[0]!;
  const ended = rest.some((line) => 'end' in line);
  const body = rest.filter((line) => !('end' in line));
  return {
    header,
    plan: { keep: [], drop: [], fetch: [piece] },
    lines: (async function* () {
      for (const [index, line] of body.entries()) {
        if (failAfter !== undefined && index >= failAfter) throw new Error('connection dropped');
        await Promise.resolve();
        yield line;
      }
      if (!ended) return;
      yield { piece: { key: '', name } };
      yield { end: true as const };
    })(),
  };
}
