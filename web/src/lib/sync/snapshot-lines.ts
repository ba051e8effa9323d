import {
  COMPACT_RESTROOM_FORMAT,
  piecesNearestFirst,
  planPieces,
  SNAPSHOT_FORMAT,
  type LatLng,
  type PieceName,
  type PiecePlan,
  type SyncPiece,
  type SyncPieceIndex,
  snapshotRowsOfColumns,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import { ContractError, NetworkError } from '../api/api-client';
import { isCompactRestroom } from './compact-row-check';

/** How an answer is checked against a shared schema (the api client's contract checker). */
type Checks = (contract: 'SyncPieceIndex' | 'SyncSnapshotLine', data: unknown) => Promise<boolean>;

/** A snapshot line that is not JSON or not of the shared format: the download is not to be trusted. */
export class SnapshotFormatError extends Error {
  constructor(detail: string) {
    super(`Unexpected snapshot line: ${detail}`); // i18n-exempt: for developers, in logs
    this.name = 'SnapshotFormatError';
  }
}

/**
 * The body's lines as text, split as they arrive; a last line without a newline still counts. Only
 * the newly decoded text is searched for a newline, and a line's pieces are joined once: a restroom
 * line is a few hundred kilobytes that arrives in many network chunks, and searching the whole
 * growing line on every chunk cost more than parsing it.
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pieces: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      let from = 0;
      for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', from)) {
        pieces.push(text.slice(from, newline));
        const line = pieces.length === 1 ? pieces[0]! : pieces.join('');
        pieces = [];
        from = newline + 1;
        if (line.trim() !== '') yield line;
      }
      if (from < text.length) pieces.push(text.slice(from));
      if (done) break;
    }
    const last = pieces.join('');
    if (last.trim() !== '') yield last;
  } finally {
    reader.releaseLock();
  }
}

/** Parses one line; restroom lines are checked here, the rest (small and rare) by `checkOther`. */
export async function parseSnapshotLine(text: string, checkOther: (line: unknown) => Promise<boolean>): Promise<SyncSnapshotLine> {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    throw new SnapshotFormatError('not JSON');
  }
  if (typeof line === 'object' && line !== null && 'restroomColumns' in line) {
    const rows = Object.keys(line).length === 1 ? snapshotRowsOfColumns((line as { restroomColumns: unknown }).restroomColumns) : null;
    if (rows !== null && rows.every(isCompactRestroom)) return { restrooms: rows };
    throw new SnapshotFormatError('restrooms');
  }
  if (!(await checkOther(line))) throw new SnapshotFormatError('shape');
  return line as SyncSnapshotLine;
}

/** Where a first sync in pieces stands on this device (meta `firstSyncPieces`): the index it follows, and the pieces stored. */
export interface PieceProgress {
  cursor: string;
  stored: PieceName[];
}

/** A line of the first sync as the device reads it: a snapshot line, or word that one more piece is whole. */
export type FirstSyncLine = SyncSnapshotLine | { piece: PieceName };

/**
 * A first sync in pieces as it arrives: what the index says of the whole set (cursor, counts), the
 * plan against what this device already stored (keep, drop, fetch), and the lines of the pieces to
 * fetch, nearest first from wherever `focus` says at the moment each piece is asked for, each
 * piece's lines followed by `{ piece }`, and `{ end: true }` after the last.
 */
export interface SnapshotStream {
  header: SyncSnapshotHeader;
  plan: PiecePlan<SyncPiece>;
  lines: AsyncIterable<FirstSyncLine>;
}

/** What the api client reads the pieces with: this module, which the first sync's readers bring. */
export interface SnapshotReader {
  piecesSnapshot: typeof piecesSnapshot;
}

/** Pieces asked for at once after the first: enough that a slow round trip is not paid per piece, few enough that the nearest ones come first. */
const PIECES_IN_FLIGHT = 4;

/** A piece the index named is no longer served (two rebuilds since): the sync starts again from a new index, keeping what it stored. */
export class PieceGoneError extends Error {
  constructor(name: string) {
    super(`The piece ${name} is no longer served`); // i18n-exempt: for developers, in logs
    this.name = 'PieceGoneError';
  }
}

export interface PiecesSnapshotOptions {
  /** The index's path, for errors. */
  path: string;
  checks: Checks;
  /** A piece's body by name; null when the server no longer has it (404). */
  pieceBody(name: string): Promise<ReadableStream<Uint8Array> | null>;
  /** What this device stored of an earlier first sync that was cut short; null on a fresh one. */
  stored: PieceProgress | null;
  /** Where the person is looking now (their position, a searched place, the region's origin): read before each piece. */
  focus(): LatLng;
}

/**
 * The index's body read whole and checked, then the plan and the pieces' lines as they arrive.
 * Null for an index of another format (a newer server, say): the paged feed still serves. Here
 * rather than in the api client, so the first screen's download does not carry it (the snapshot
 * worker bundles it).
 */
export async function piecesSnapshot(indexBody: ReadableStream<Uint8Array>, options: PiecesSnapshotOptions): Promise<SnapshotStream | null> {
  let index: unknown;
  try {
    index = JSON.parse(await new Response(indexBody).text());
  } catch (error) {
    if (error instanceof SyntaxError) throw new ContractError(options.path);
    throw new NetworkError(error);
  }
  if (!(await options.checks('SyncPieceIndex', index))) return null;
  const { cursor, restrooms, comments, pieces } = index as SyncPieceIndex;
  const stored = options.stored?.stored ?? [];
  const plan = planPieces(pieces, stored);
  const checkOther = (line: unknown) => options.checks('SyncSnapshotLine', line);
  async function* parsed(): AsyncGenerator<FirstSyncLine> {
    const waiting = new Set(plan.fetch);
    const asked: { piece: SyncPiece; body: Promise<ReadableStream<Uint8Array> | null> }[] = [];
    const askNext = () => {
      if (waiting.size === 0) return;
      const [piece] = piecesNearestFirst([...waiting], options.focus());
      waiting.delete(piece!);
      const body = options.pieceBody(piece!.name);
      body.catch(() => undefined);
      asked.push({ piece: piece!, body });
    };
    // The person's own piece alone, so it has the whole link; then a few at once, so a slow round
    // trip is not paid per piece.
    askNext();
    try {
      for (let first = true; asked.length > 0; first = false) {
        const { piece, body: answer } = asked.shift()!;
        // This one and the next ones, PIECES_IN_FLIGHT in all, each the nearest left when it is asked for.
        if (!first) while (asked.length < PIECES_IN_FLIGHT - 1 && waiting.size > 0) askNext();
        let body: ReadableStream<Uint8Array> | null;
        try {
          body = await answer;
        } catch (error) {
          throw error instanceof NetworkError ? error : new NetworkError(error);
        }
        if (body === null) throw new PieceGoneError(piece.name);
        let ended = false;
        try {
          for await (const text of ndjsonLines(body)) {
            const line = await parseSnapshotLine(text, checkOther);
            if ('end' in line) ended = true;
            else yield line;
          }
        } catch (error) {
          if (error instanceof SnapshotFormatError || error instanceof NetworkError) throw error;
          // The body stopped arriving: the connection dropped mid-piece.
          throw new NetworkError(error);
        }
        if (!ended) throw new NetworkError(new Error(`The piece ${piece.name} ended before its end line`));
        yield { piece: { key: piece.key, name: piece.name } };
        if (first) while (asked.length < PIECES_IN_FLIGHT - 1 && waiting.size > 0) askNext();
      }
    } finally {
      // Stopped early (a failure, or the reader gave up): the pieces asked for ahead are not wanted.
      for (const { body } of asked) void body.then((stream) => stream?.cancel()).catch(() => undefined);
    }
    yield { end: true };
  }
  const header: SyncSnapshotHeader = { format: SNAPSHOT_FORMAT, restroomFormat: COMPACT_RESTROOM_FORMAT, cursor, restrooms, comments };
  return { header, plan, lines: parsed() };
}
