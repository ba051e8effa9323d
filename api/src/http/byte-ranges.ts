/*
 * The Range header of a GET (RFC 9110 §14), for answers served in parts: which bytes a request asks
 * for, read against the size of what is served. One range per request: a request naming several
 * gets the whole (RFC 9110 lets a server ignore Range), as no reader of a byte-range format such as
 * PMTiles asks for several at once and a multipart answer would be one more format to get right.
 */

/** What a request asks for: the whole, one part (`end` inclusive), bytes beyond the end, or something unreadable. */
export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }
  | { kind: 'malformed' };

const RANGE_UNIT = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=(.*)$/;
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/** Reads a Range header against `size` bytes. */
export function rangeRequestOf(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const unit = RANGE_UNIT.exec(header.trim());
  if (unit === null) return { kind: 'malformed' };
  // A unit other than bytes must be ignored (RFC 9110 §14.2): the whole is sent.
  if (unit[1]!.toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = unit[2]!.split(',').map((spec) => spec.trim()).filter((spec) => spec !== '');
  if (specs.length === 0) return { kind: 'malformed' };
  const ranges = specs.map((spec) => oneRange(spec, size));
  if (ranges.some((range) => range.kind === 'malformed')) return { kind: 'malformed' };
  if (ranges.length > 1) return { kind: 'whole' };
  return ranges[0]!;
}

function oneRange(spec: string, size: number): RangeRequest {
  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix !== null) {
    const length = Number(suffix[1]);
    // The last N bytes: of an empty file, or the last 0 bytes, there are none to send.
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(size - length, 0), end: size - 1 };
  }
  const range = INT_RANGE.exec(spec);
  if (range === null) return { kind: 'malformed' };
  const start = Number(range[1]);
  const last = range[2] === '' ? Number.POSITIVE_INFINITY : Number(range[2]);
  if (last < start) return { kind: 'malformed' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(last, size - 1) };
}

/** The Content-Range of a part: `bytes 0-99/1000`. */
export function contentRangeOf(start: number, end: number, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

/** The Content-Range of a 416 answer, which says only the size: `bytes *\/1000`. */
export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}
