import {
  COMPACT_AT,
  compactYesBit,
  expandRestroom,
  hoursIsOpenOnClock,
  nearestGridOver,
  roundedMiles,
  spansHold,
  weekMinute,
  weekOpenSpans,
  type ClocksAt,
  type CompactRestroom,
  type HoursRange,
  type LatLng,
  type NearestGrid,
} from '@allstall/shared';
import type { MirrorView } from '../../lib/sync/mirror-store';
import { AMENITY_FILTER_KEYS, type RestroomFilter } from './bathrooms-filters';
import type { ListedRestroom } from '../../lib/listed-restroom';

/**
 * The visible rows nearest first (those without a position after them, by name), filtered as
 * `filterRestrooms` filters, read a page at a time: the list shows 25 rows
 * of perhaps 100,000, so rows are taken nearest first off a grid of the mirror's positions and
 * tested as they come, and only as many as asked for are measured, tested and expanded from
 * their compact rows.
 */
export interface NearestList extends Iterable<ListedRestroom> {
  /** How many rows the list holds, counted without ordering them. */
  readonly length: number;
  /** The first `count` rows (fewer when the list is shorter). */
  first(count: number): ListedRestroom[];
  /** Every row; the same array on every call. */
  all(): ListedRestroom[];
  /** The rows that pass `filter`, in the same order. */
  where(filter: RestroomFilter): NearestList;
}

/** The view's visible rows and a grid of their positions, built once per mirror version. */
interface MirrorIndex {
  rows: readonly CompactRestroom[];
  grid: NearestGrid;
  /** Bit i set when row has AMENITY_FILTER_KEYS[i]; cheap enough to build with the grid. */
  amenities: Uint8Array;
  /** Rows without coordinates cannot be measured, so they follow in name order; sorted on first need. */
  unplaced: () => readonly number[];
  /** The rows' open hours as numbers; built on the first count that needs them. */
  columns: () => HoursColumns;
  /** Which time zone each row's hours are read in; built on the first count that needs them. */
  zones: () => ZoneColumn;
}

/**
 * The rows' time zones as small numbers: a country's restrooms stand in a handful of zones, so a
 * count reads each zone's clock once and each row looks its zone's minute up by number.
 */
interface ZoneColumn {
  /** The distinct zones; null for rows without one of their own (read on the region's). */
  names: (string | null)[];
  /** Row i's zone is names[of[i]]. */
  of: Uint16Array;
}

/**
 * Counting 'Showing 25 of N' tests every row, every minute while 'Open now' is on: over plain
 * arrays of numbers that is a few comparisons a row, rather than a walk through each row's objects.
 */
interface HoursColumns {
  /** Row i's open spans are spans[spanFrom[i]] up to spans[spanFrom[i + 1]]. */
  spanFrom: Int32Array;
  spans: Int32Array;
  /** Rows whose hours the spans cannot promise to match; their ranges are asked instead. */
  irregular: Uint8Array;
}

/** Each amenity filter's bit in a compact row's flags, in AMENITY_FILTER_KEYS order. */
const AMENITY_FLAG_BITS = AMENITY_FILTER_KEYS.map((key) => compactYesBit(key));

function hoursOf(row: CompactRestroom): HoursRange[] | null {
  const hours = row[COMPACT_AT.hours];
  if (hours === null) return null;
  const ranges: HoursRange[] = [];
  for (let at = 0; at + 2 < hours.length; at += 3) ranges.push({ day: hours[at]!, open: hours[at + 1]!, close: hours[at + 2]! });
  return ranges;
}

function hoursColumns(rows: readonly CompactRestroom[]): HoursColumns {
  const spanFrom = new Int32Array(rows.length + 1);
  const irregular = new Uint8Array(rows.length);
  const spans: number[] = [];
  rows.forEach((row, at) => {
    const open = weekOpenSpans(hoursOf(row));
    if (open === null) irregular[at] = 1;
    else for (const span of open) spans.push(span);
    spanFrom[at + 1] = spans.length;
  });
  return { spanFrom, spans: Int32Array.from(spans), irregular };
}

/** A row's own zone; undefined in a row stored before zones were sent (format 1), which reads as none. */
const zoneOf = (row: CompactRestroom): string | null => row[COMPACT_AT.time_zone] ?? null;

function zoneColumn(rows: readonly CompactRestroom[]): ZoneColumn {
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

const indexes = new WeakMap<MirrorView, MirrorIndex>();

function mirrorIndex(view: MirrorView): MirrorIndex {
  let index = indexes.get(view);
  if (!index) {
    // The view holds the visible rows only (approved, not removed), so nothing hidden can surface.
    const rows = view.rows;
    const latitudes = new Float64Array(rows.length);
    const longitudes = new Float64Array(rows.length);
    const amenities = new Uint8Array(rows.length);
    // Plain loops: this runs once per mirror version over every row, during a first sync several times a second.
    for (let at = 0; at < rows.length; at++) {
      const row = rows[at]!;
      latitudes[at] = row[COMPACT_AT.latitude] ?? Number.NaN;
      longitudes[at] = row[COMPACT_AT.longitude] ?? Number.NaN;
      const flags = row[COMPACT_AT.flags];
      let bits = 0;
      for (let bit = 0; bit < AMENITY_FLAG_BITS.length; bit++) if (flags & AMENITY_FLAG_BITS[bit]!) bits |= 1 << bit;
      amenities[at] = bits;
    }
    const id = (at: number) => rows[at]![COMPACT_AT.id];
    let unplaced: number[] | undefined;
    let columns: HoursColumns | undefined;
    let zones: ZoneColumn | undefined;
    index = {
      rows,
      // Equal distances in id order, as the list has always shown them.
      grid: nearestGridOver(latitudes, longitudes, (a, b) => id(a) < id(b)),
      amenities,
      unplaced: () =>
        (unplaced ??= rows
          .flatMap((row, at) => (row[COMPACT_AT.latitude] === null || row[COMPACT_AT.longitude] === null ? [at] : []))
          .sort((a, b) => rows[a]![COMPACT_AT.name].localeCompare(rows[b]![COMPACT_AT.name]) || (id(a) < id(b) ? -1 : 1))),
      columns: () => (columns ??= hoursColumns(rows)),
      zones: () => (zones ??= zoneColumn(rows)),
    };
    indexes.set(view, index);
  }
  return index;
}

/**
 * The visible rows of the mirror nearest `origin` first, then those without a position by name;
 * `decorate` dresses each row as it is taken (a thumb still in the outbox, say).
 */
export function nearestList(view: MirrorView, origin: LatLng, decorate: (row: ListedRestroom) => ListedRestroom = (row) => row): NearestList {
  return listOver(mirrorIndex(view), origin, decorate, []);
}

/** The amenity bits every filter asks for together. */
function amenityMask(filters: readonly RestroomFilter[]): number {
  let mask = 0;
  for (const filter of filters) for (const key of filter.amenities) mask |= 1 << AMENITY_FILTER_KEYS.indexOf(key);
  return mask;
}

function listOver(
  index: MirrorIndex,
  origin: LatLng,
  decorate: (row: ListedRestroom) => ListedRestroom,
  filters: readonly RestroomFilter[],
): NearestList {
  const mask = amenityMask(filters);
  const clocks = openOnClocks(filters);
  const passes = (at: number) => {
    if ((index.amenities[at]! & mask) !== mask) return false;
    if (clocks.length === 0) return true;
    const row = index.rows[at]!;
    const hours = hoursOf(row);
    return clocks.every((clockIn) => hoursIsOpenOnClock(hours, clockIn(zoneOf(row))));
  };
  const listed = (at: number, distance: number | null): ListedRestroom => decorate({ ...expandRestroom(index.rows[at]!), distance });
  const taken: ListedRestroom[] = [];
  let placed: Iterator<{ index: number; exact: number }> | null = null;
  let unplacedAt = -1;
  let length: number | undefined;

  /** Takes the next row that passes into `taken`; false once there is none. */
  function takeNext(): boolean {
    placed ??= index.grid.nearestFirst(origin);
    for (let next = unplacedAt < 0 ? placed.next() : null; next && !next.done; next = placed.next()) {
      if (!passes(next.value.index)) continue;
      taken.push(listed(next.value.index, roundedMiles(next.value.exact)));
      return true;
    }
    const unplaced = index.unplaced();
    for (unplacedAt = Math.max(0, unplacedAt); unplacedAt < unplaced.length; ) {
      const at = unplaced[unplacedAt++]!;
      if (!passes(at)) continue;
      taken.push(listed(at, null));
      return true;
    }
    return false;
  }

  let complete = false;
  const list: NearestList = {
    get length() {
      length ??= filters.length > 0 ? countPassing(index, filters) : index.rows.length;
      return length;
    },
    first(count) {
      while (!complete && taken.length < count) complete = !takeNext();
      return taken.slice(0, count);
    },
    all() {
      // Wanting every row (the map, the address search), sorting them all beats walking the grid.
      if (!complete && unplacedAt < 0) {
        let alreadyTaken = taken.length;
        for (const hit of index.grid.allNearestFirst(origin)) {
          if (!passes(hit.index)) continue;
          if (alreadyTaken > 0) alreadyTaken--;
          else taken.push(listed(hit.index, roundedMiles(hit.exact)));
        }
        unplacedAt = 0;
      }
      while (!complete) complete = !takeNext();
      return taken;
    },
    where(filter) {
      return listOver(index, origin, decorate, [...filters, filter]);
    },
    [Symbol.iterator]() {
      return list.all()[Symbol.iterator]();
    },
  };
  return list;
}

function openOnClocks(filters: readonly RestroomFilter[]): ClocksAt[] {
  return filters.flatMap((filter) => (filter.openOn ? [filter.openOn] : []));
}

function countPassing(index: MirrorIndex, filters: readonly RestroomFilter[]): number {
  const mask = amenityMask(filters);
  const clocks = openOnClocks(filters);
  const { amenities, rows } = index;
  const zones = clocks.length > 0 ? index.zones() : { names: [], of: new Uint16Array(0) };
  // The minute of the week in each zone, per clock: one time-zone conversion per zone, not per row.
  const minutes = clocks.map((clockIn) => zones.names.map((zone) => weekMinute(clockIn(zone))));
  if (minutes.some((inZones) => inZones.some((minute) => minute === null))) {
    let count = 0;
    for (let at = 0; at < rows.length; at++) {
      if ((amenities[at]! & mask) !== mask) continue;
      const row = rows[at]!;
      const hours = hoursOf(row);
      if (clocks.every((clockIn) => hoursIsOpenOnClock(hours, clockIn(zoneOf(row))))) count++;
    }
    return count;
  }
  const { spanFrom, spans, irregular } = clocks.length > 0 ? index.columns() : { spanFrom: null, spans: null, irregular: null };
  let count = 0;
  for (let at = 0; at < amenities.length; at++) {
    if ((amenities[at]! & mask) !== mask) continue;
    let open = true;
    for (let c = 0; c < clocks.length && open; c++) {
      open = irregular![at]
        ? hoursIsOpenOnClock(hoursOf(rows[at]!), clocks[c]!(zoneOf(rows[at]!)))
        : spansHold(spans!, minutes[c]![zones.of[at]!]!, spanFrom![at], spanFrom![at + 1]);
    }
    if (open) count++;
  }
  return count;
}
