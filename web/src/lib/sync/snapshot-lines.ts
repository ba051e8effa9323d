import {
  COMPACT_FLAGS_MAX,
  COMPACT_RESTROOM_FIELDS,
  RESTROOM_ACCESS_VALUES,
  RESTROOM_FEE_VALUES,
  RESTROOM_SOURCE_VALUES,
  RESTROOM_STATUS_VALUES,
  snapshotRowsOfColumns,
  type CompactRestroom,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import { ContractError, NetworkError } from '../api/api-client';

/** How an answer is checked against a shared schema (the api client's contract checker). */
type Checks = (contract: 'SyncSnapshotHeader' | 'SyncSnapshotLine', data: unknown) => Promise<boolean>;

/** The snapshot as it arrives: its header, then its lines, each parsed and checked. */
export interface SnapshotStream {
  header: SyncSnapshotHeader;
  lines: AsyncIterable<SyncSnapshotLine>;
}

/** What the api client reads the snapshot with: this module, which the snapshot's readers bring. */
export interface SnapshotReader {
  snapshotStream: typeof snapshotStream;
}

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

// The shared value lists, not the schemas: importing a schema would put TypeBox in the first screen's JavaScript.
const STATUSES = new Set<unknown>(RESTROOM_STATUS_VALUES);
const SOURCES = new Set<unknown>(RESTROOM_SOURCE_VALUES);
const ACCESS = new Set<unknown>([...RESTROOM_ACCESS_VALUES, null]);
const FEES = new Set<unknown>([...RESTROOM_FEE_VALUES, null]);
const ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ROW_LENGTH = COMPACT_RESTROOM_FIELDS;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown) => value === null || typeof value === 'string';
const isNullableNumber = (value: unknown) => value === null || (typeof value === 'number' && Number.isFinite(value));
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function isHours(value: unknown): boolean {
  if (value === null) return true;
  if (!Array.isArray(value) || value.length > 84) return false;
  return value.every((unit) => Number.isInteger(unit) && unit >= 0 && unit <= 2359);
}

/**
 * The compact row's shape, checked by hand: TypeBox's interpreted `Value.Check` takes ~65 ms per
 * 1,000-row line (6 s for 100,000 restrooms), this a millisecond or two. It checks every position's
 * type, the id's form and the enums; dates are checked as strings, not parsed as dates.
 */
export function isCompactRestroom(row: unknown): row is CompactRestroom {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) return false;
  return (
    isString(row[0]) &&
    ID.test(row[0]) &&
    isString(row[1]) &&
    isString(row[2]) &&
    isString(row[3]) &&
    isString(row[4]) &&
    isString(row[5]) &&
    isNullableNumber(row[6]) &&
    isNullableNumber(row[7]) &&
    Number.isInteger(row[8]) &&
    row[8] >= 0 &&
    row[8] <= COMPACT_FLAGS_MAX &&
    STATUSES.has(row[9]) &&
    isCount(row[10]) &&
    isCount(row[11]) &&
    isNullableString(row[12]) &&
    isHours(row[13]) &&
    isNullableString(row[14]) &&
    SOURCES.has(row[15]) &&
    isNullableString(row[16]) &&
    isString(row[17]) &&
    isString(row[18]) &&
    isNullableString(row[19]) &&
    ACCESS.has(row[20]) &&
    FEES.has(row[21])
  );
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

/**
 * The snapshot answer's body read as it arrives: its header checked, then its lines parsed and
 * checked one at a time. Null for a header of another format (a newer server, say): that is no
 * reason to stay empty, the paged feed still serves. Here rather than in the api client, so the
 * first screen's download does not carry it (the snapshot worker bundles it).
 */
export async function snapshotStream(body: ReadableStream<Uint8Array>, path: string, checks: Checks): Promise<SnapshotStream | null> {
  const lines = ndjsonLines(body);
  const first = await lines.next();
  let header: unknown;
  try {
    header = first.done ? undefined : JSON.parse(first.value);
  } catch {
    throw new ContractError(path);
  }
  if (!(await checks('SyncSnapshotHeader', header))) {
    await lines.return(undefined);
    await body.cancel().catch(() => undefined);
    return null;
  }
  const checkOther = (line: unknown) => checks('SyncSnapshotLine', line);
  async function* parsed() {
    try {
      for await (const text of lines) yield await parseSnapshotLine(text, checkOther);
    } catch (error) {
      if (error instanceof SnapshotFormatError || error instanceof NetworkError) throw error;
      // The body stopped arriving: the connection dropped mid-download.
      throw new NetworkError(error);
    }
  }
  return { header: header as SyncSnapshotHeader, lines: parsed() };
}
