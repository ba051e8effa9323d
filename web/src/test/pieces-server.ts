import {
  COMPACT_RESTROOM_FORMAT,
  compactRestroom,
  partitionPieces,
  SNAPSHOT_FORMAT,
  SNAPSHOT_LINE_ROWS,
  SYNC_PIECES_FORMAT,
  type Comment,
  type Restroom,
  type SyncPieceIndex,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import { onePiece, snapshotBody } from './snapshot-body';

/** What a scripted server may answer instead of a piece's body (a dropped connection, a 404), by piece name and how many times it was asked. */
type PieceOverride = (name: string, asked: number) => Response | 'drop' | undefined;

export interface PiecesServer {
  fetch: typeof globalThis.fetch;
  /** Every path asked for, in order. */
  calls: string[];
  index: SyncPieceIndex;
  /** Each piece's restrooms, by name. */
  restroomsOf: Map<string, Restroom[]>;
}

const ndjsonResponse = (lines: readonly unknown[], chunkBytes: number) =>
  new Response(snapshotBody(lines, chunkBytes), { status: 200, headers: { 'content-type': 'application/x-ndjson' } });

/**
 * The first sync's routes as the api serves them (api/src/snapshots/sync-pieces.ts): the public set
 * cut by the shared quadtree (`maxRows` a piece, small here so a test set makes several pieces),
 * an index, and each piece's lines (restrooms in id order, then their comments, then the end line)
 * in `chunkBytes` network chunks. Anything else fails as no connection does.
 */
export function piecesServer(
  cursor: string,
  restrooms: readonly Restroom[],
  comments: readonly Comment[] = [],
  { maxRows = 40, lineRows = SNAPSHOT_LINE_ROWS, chunkBytes = 4096, override }: { maxRows?: number; lineRows?: number; chunkBytes?: number; override?: PieceOverride } = {},
): PiecesServer {
  const byId = [...restrooms].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const partition = partitionPieces(
    byId.map((row) => row.latitude ?? Number.NaN),
    byId.map((row) => row.longitude ?? Number.NaN),
    maxRows,
  );
  const bodies = new Map<string, SyncSnapshotLine[]>();
  const restroomsOf = new Map<string, Restroom[]>();
  const pieces = partition.map(({ key, members }) => {
    const rows = members.map((at) => byId[at]!);
    const own = comments.filter((comment) => rows.some((row) => row.id === comment.restroom_id));
    const lines: SyncSnapshotLine[] = [];
    for (let at = 0; at < rows.length; at += lineRows) lines.push({ restrooms: rows.slice(at, at + lineRows).map(compactRestroom) });
    for (let at = 0; at < own.length; at += lineRows) lines.push({ comments: own.slice(at, at + lineRows) });
    lines.push({ end: true });
    const header: SyncSnapshotHeader = { format: SNAPSHOT_FORMAT, restroomFormat: COMPACT_RESTROOM_FORMAT, cursor, restrooms: rows.length, comments: own.length };
    const { name } = onePiece([header, ...lines]);
    const named = `${key}${name}`;
    bodies.set(named, lines);
    restroomsOf.set(named, rows);
    return { key, name: named, restrooms: rows.length, comments: own.length, bytes: 1 };
  });
  const index: SyncPieceIndex = {
    format: SYNC_PIECES_FORMAT,
    restroomFormat: COMPACT_RESTROOM_FORMAT,
    cursor,
    restrooms: restrooms.length,
    comments: pieces.reduce((sum, piece) => sum + piece.comments, 0),
    pieces,
  };
  const calls: string[] = [];
  const asked = new Map<string, number>();
  const fetch = (async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    if (path === '/api/sync/pieces') return new Response(JSON.stringify(index), { status: 200, headers: { 'content-type': 'application/json' } });
    const name = decodeURIComponent(path.slice('/api/sync/pieces/'.length));
    const lines = path.startsWith('/api/sync/pieces/') ? bodies.get(name) : undefined;
    if (!lines) throw new TypeError('Failed to fetch');
    const times = (asked.get(name) ?? 0) + 1;
    asked.set(name, times);
    const instead = override?.(name, times);
    if (instead === 'drop') {
      // Half the piece, then the connection drops.
      const reader = snapshotBody(lines, chunkBytes).getReader();
      let sent = false;
      return new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent) return controller.error(new TypeError('network error'));
            sent = true;
            const { value } = await reader.read();
            controller.enqueue(value!);
          },
        }),
        { status: 200 },
      );
    }
    return instead ?? ndjsonResponse(lines, chunkBytes);
  }) as typeof globalThis.fetch;
  return { fetch, calls, index, restroomsOf };
}
