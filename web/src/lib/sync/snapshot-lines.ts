import {
  COMPACT_FLAG_FIELDS,
  CompactRestroomSchema,
  RestroomSourceSchema,
  RestroomStatusSchema,
  snapshotRowsOfColumns,
  type CompactRestroom,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';

/** The snapshot as it arrives: its header, then its lines, each parsed and checked. */
export interface SnapshotStream {
  header: SyncSnapshotHeader;
  lines: AsyncIterable<SyncSnapshotLine>;
}

/** A snapshot line that is not JSON or not of the shared format: the download is not to be trusted. */
export class SnapshotFormatError extends Error {
  constructor(detail: string) {
    super(`Unexpected snapshot line: ${detail}`);
    this.name = 'SnapshotFormatError';
  }
}

/** The body's lines as text, split as they arrive; a last line without a newline still counts. */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim() !== '') yield line;
        newline = pending.indexOf('\n');
      }
    }
    pending += decoder.decode();
    if (pending.trim() !== '') yield pending;
  } finally {
    reader.releaseLock();
  }
}

/** A union of literals' values, read from the shared schema so the check follows it. */
const literals = (schema: unknown) => new Set((schema as { anyOf: { const: unknown }[] }).anyOf.map((member) => member.const));
const STATUSES = literals(RestroomStatusSchema);
const SOURCES = literals(RestroomSourceSchema);
const FLAGS_MAX = 2 ** COMPACT_FLAG_FIELDS.length - 1;
const ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** The tuple's length, read from its schema so the check follows the format. */
const ROW_LENGTH = (CompactRestroomSchema as unknown as { minItems: number }).minItems;

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
    row[8] <= FLAGS_MAX &&
    STATUSES.has(row[9]) &&
    isCount(row[10]) &&
    isCount(row[11]) &&
    isNullableString(row[12]) &&
    isHours(row[13]) &&
    isNullableString(row[14]) &&
    SOURCES.has(row[15]) &&
    isNullableString(row[16]) &&
    isString(row[17]) &&
    isString(row[18])
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
