import {
  accessIsPublic,
  COMPACT_AT,
  compactKnownBit,
  compactYesBit,
  expandHours,
  feeIsFree,
  weekOpenSpans,
  type ListingAmenityKey,
  type CompactRestroom,
} from '@allstall/shared';

/**
 * What the list, the map and the filters read of every visible restroom, as typed-array columns:
 * entry i of each is the same restroom. Built from compact rows once per mirror version, and stored
 * as one IndexedDB record (`stored-columns.ts`), so a cold start reads them in one go and draws the
 * first rows and pins before it has read every row (docs/offline-data.md#the-column-index).
 */
export interface RestroomColumns {
  readonly length: number;
  readonly ids: readonly string[];
  /** NaN for a row without a position. */
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  /** Bit i set when the row's COLUMN_FILTER_KEYS[i] is known yes. */
  readonly amenities: Uint8Array;
  /** Bit i set when the row's COLUMN_FILTER_KEYS[i] is known (yes or no); clear for unknown. */
  readonly known: Uint8Array;
}

/** The amenities the filters ask for, in the order of their bits in the columns. */
const COLUMN_AMENITY_KEYS = ['unisex', 'is_single_stall', 'accessible', 'changing_table'] as const satisfies readonly ListingAmenityKey[];
/**
 * Every yes/no/unknown the filters ask for, in the order of their bits: the amenities, then 'public'
 * (access known public yes; customers or key a known no) and 'free' (fee known free yes, paid no).
 */
export const COLUMN_FILTER_KEYS = [...COLUMN_AMENITY_KEYS, 'public', 'free'] as const;
const PUBLIC_BIT = 1 << COLUMN_FILTER_KEYS.indexOf('public');
const FREE_BIT = 1 << COLUMN_FILTER_KEYS.indexOf('free');

/**
 * Counting 'Showing 25 of N' tests every row, every minute while 'Open now' is on: over plain
 * arrays of numbers that is a few comparisons a row, rather than a walk through each row's objects.
 */
export interface HoursColumns {
  /** Row i's open spans are spans[spanFrom[i]] up to spans[spanFrom[i + 1]]. */
  readonly spanFrom: Int32Array;
  readonly spans: Int32Array;
  /** Rows whose hours the spans cannot promise to match; their ranges are asked instead. */
  readonly irregular: Uint8Array;
}

/**
 * The rows' time zones as small numbers: a country's restrooms stand in a handful of zones, so a
 * count reads each zone's clock once and each row looks its zone's minute up by number.
 */
export interface ZoneColumn {
  /** The distinct zones; null for rows without one of their own (read on the region's). */
  readonly names: (string | null)[];
  /** Row i's zone is names[of[i]]. */
  readonly of: Uint16Array;
}

/** Everything a list needs before any row is read: the columns, the hours, the zones, the unplaced rows' order. */
export interface StoredColumns extends RestroomColumns {
  readonly hours: HoursColumns;
  /** The compact hours of each irregular row, by its index: the spans cannot answer for them. */
  readonly irregularHours: Readonly<Record<number, readonly number[] | null>>;
  readonly zones: ZoneColumn;
  /** The rows without a position, in the order the list shows them (by name, then id). */
  readonly unplaced: Int32Array;
}

const AMENITY_FLAG_BITS = COLUMN_AMENITY_KEYS.map((key) => compactYesBit(key));
const KNOWN_FLAG_BITS = COLUMN_AMENITY_KEYS.map((key) => compactKnownBit(key));

/** A row's own zone; undefined in a row stored before zones were sent (format 1), which reads as none. */
const zoneOf = (row: CompactRestroom): string | null => row[COMPACT_AT.time_zone] ?? null;

export function restroomColumns(rows: readonly CompactRestroom[]): RestroomColumns {
  const ids = new Array<string>(rows.length);
  const latitudes = new Float64Array(rows.length);
  const longitudes = new Float64Array(rows.length);
  const amenities = new Uint8Array(rows.length);
  const known = new Uint8Array(rows.length);
  // Plain loops: this runs once per mirror version over every row, during a first sync several times a second.
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at]!;
    ids[at] = row[COMPACT_AT.id];
    latitudes[at] = row[COMPACT_AT.latitude] ?? Number.NaN;
    longitudes[at] = row[COMPACT_AT.longitude] ?? Number.NaN;
    const flags = row[COMPACT_AT.flags];
    let bits = 0;
    let knownBits = 0;
    for (let bit = 0; bit < AMENITY_FLAG_BITS.length; bit++) {
      if (flags & AMENITY_FLAG_BITS[bit]!) bits |= 1 << bit;
      if (flags & KNOWN_FLAG_BITS[bit]!) knownBits |= 1 << bit;
    }
    const isPublic = accessIsPublic(row[COMPACT_AT.access]);
    if (isPublic !== null) knownBits |= PUBLIC_BIT;
    if (isPublic === true) bits |= PUBLIC_BIT;
    // A fee undefined only in a row no upgrade has seen: unknown, like null.
    const isFree = feeIsFree(row[COMPACT_AT.fee]);
    if (isFree !== null) knownBits |= FREE_BIT;
    if (isFree === true) bits |= FREE_BIT;
    amenities[at] = bits;
    known[at] = knownBits;
  }
  return { length: rows.length, ids, latitudes, longitudes, amenities, known };
}

export function hoursColumns(rows: readonly CompactRestroom[]): HoursColumns {
  const spanFrom = new Int32Array(rows.length + 1);
  const irregular = new Uint8Array(rows.length);
  const spans: number[] = [];
  rows.forEach((row, at) => {
    const open = weekOpenSpans(expandHours(row[COMPACT_AT.hours]));
    if (open === null) irregular[at] = 1;
    else for (const span of open) spans.push(span);
    spanFrom[at + 1] = spans.length;
  });
  return { spanFrom, spans: Int32Array.from(spans), irregular };
}

export function zoneColumn(rows: readonly CompactRestroom[]): ZoneColumn {
  const numbers = new Map<string | null, number>();
  const names: (string | null)[] = [];
  const of = new Uint16Array(rows.length);
  for (let at = 0; at < rows.length; at++) {
    const zone = zoneOf(rows[at]!);
    let number = numbers.get(zone);
    if (number === undefined) {
      number = names.push(zone) - 1;
      numbers.set(zone, number);
    }
    of[at] = number;
  }
  return { names, of };
}

/** Rows without coordinates cannot be measured, so the list shows them after the rest, by name, then id. */
export function unplacedOrder(rows: readonly CompactRestroom[]): Int32Array {
  const unplaced: number[] = [];
  rows.forEach((row, at) => {
    if (row[COMPACT_AT.latitude] === null || row[COMPACT_AT.longitude] === null) unplaced.push(at);
  });
  const id = (at: number) => rows[at]![COMPACT_AT.id];
  unplaced.sort((a, b) => rows[a]![COMPACT_AT.name].localeCompare(rows[b]![COMPACT_AT.name]) || (id(a) < id(b) ? -1 : 1));
  return Int32Array.from(unplaced);
}

/** Every column of `rows`, as `stored-columns.ts` keeps them. */
export function storedColumnsOf(rows: readonly CompactRestroom[]): StoredColumns {
  const hours = hoursColumns(rows);
  const irregularHours: Record<number, readonly number[] | null> = {};
  hours.irregular.forEach((irregular, at) => {
    if (irregular) irregularHours[at] = rows[at]![COMPACT_AT.hours];
  });
  return { ...restroomColumns(rows), hours, irregularHours, zones: zoneColumn(rows), unplaced: unplacedOrder(rows) };
}
