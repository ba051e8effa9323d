import {
  COMPACT_RESTROOM_FORMAT,
  compactRestroom,
  SNAPSHOT_LINE_ROWS,
  snapshotWireLine,
  SYNC_PIECES_FORMAT,
  type Comment,
  type SyncPiece,
  type SyncPieceIndex,
  type SyncSnapshotLine,
} from '@allstall/shared';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Database } from '../db/schema.js';
import { readSnapshotPieces } from '../repositories/snapshot-rows.js';
import { compressBodyNow, type CompressedBody } from '../compression/compressed-body.js';

/*
 * The first sync in pieces (GET /api/sync/pieces, docs/offline-data.md#first-sync-in-pieces): the
 * public set at one feed version cut into the quadtree's cells, each piece's lines compressed once,
 * with a small index of them. A piece's name ends with a hash of its bytes, which hold no version:
 * a cell where nothing changed makes the same bytes and the same name in the next build, so a
 * browser or a CDN keeps it for ever, and a device that resumes on a newer index keeps it too.
 */

/** One built set of pieces: the index's body, and every piece's body by name. */
export interface SyncPiecesBuild {
  /** The feed version they stand at: the index's cursor. */
  version: number;
  restrooms: number;
  comments: number;
  builtAtMs: number;
  index: SyncPieceIndex;
  indexBody: CompressedBody;
  pieces: Map<string, CompressedBody>;
}

/** What a build took, for the log and the metrics. */
export interface SyncPiecesTimings {
  readMs: number;
  compressMs: number;
}

const line = (value: SyncSnapshotLine): string => `${JSON.stringify(snapshotWireLine(value))}\n`;

/** A piece's name: its key and the first 64 bits of its bytes' SHA-256. */
function pieceName(key: string, body: string): string {
  return `${key}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
}

/**
 * Reads the public set piece by piece and compresses each piece on the calling thread (the build's
 * worker: snapshots/snapshot-worker.ts). A piece's text is its restrooms' lines, then its comments'
 * lines, then the end line.
 */
export async function buildSyncPieces(db: Kysely<Database>, now: () => number = Date.now): Promise<{ build: SyncPiecesBuild; timings: SyncPiecesTimings }> {
  const startedAt = performance.now();
  const restroomLines: { key: string; text: string; restrooms: number }[] = [];
  const pieceOf = new Map<string, number>();
  const comments: Comment[][] = [];
  let restroomCount = 0;
  let commentCount = 0;
  const version = await readSnapshotPieces(db, { batchSize: SNAPSHOT_LINE_ROWS }, {
    piece: (key, restrooms) => {
      let text = '';
      for (let at = 0; at < restrooms.length; at += SNAPSHOT_LINE_ROWS) {
        text += line({ restrooms: restrooms.slice(at, at + SNAPSHOT_LINE_ROWS).map(compactRestroom) });
      }
      for (const restroom of restrooms) pieceOf.set(restroom.id, restroomLines.length);
      restroomLines.push({ key, text, restrooms: restrooms.length });
      comments.push([]);
      restroomCount += restrooms.length;
    },
    comments: (batch) => {
      for (const comment of batch) {
        const at = pieceOf.get(comment.restroom_id);
        if (at === undefined) continue;
        comments[at]!.push(comment);
        commentCount += 1;
      }
    },
  });
  const readAt = performance.now();
  const pieces = new Map<string, CompressedBody>();
  const entries: SyncPiece[] = restroomLines.map(({ key, text, restrooms }, at) => {
    const own = comments[at]!;
    let body = text;
    for (let from = 0; from < own.length; from += SNAPSHOT_LINE_ROWS) body += line({ comments: own.slice(from, from + SNAPSHOT_LINE_ROWS) });
    body += line({ end: true });
    const name = pieceName(key, body);
    const compressed = compressBodyNow([Buffer.from(body)]);
    pieces.set(name, compressed);
    return { key, name, restrooms, comments: own.length, bytes: compressed.br.length };
  });
  const index: SyncPieceIndex = {
    format: SYNC_PIECES_FORMAT,
    restroomFormat: COMPACT_RESTROOM_FORMAT,
    cursor: String(version),
    restrooms: restroomCount,
    comments: commentCount,
    pieces: entries,
  };
  const indexBody = compressBodyNow([Buffer.from(JSON.stringify(index))]);
  return {
    build: { version, restrooms: restroomCount, comments: commentCount, builtAtMs: now(), index, indexBody, pieces },
    timings: { readMs: Math.round(readAt - startedAt), compressMs: Math.round(performance.now() - readAt) },
  };
}
