import {
  COMPACT_AT,
  compactKnownBit,
  compactYesBit,
  expandRestroom,
  hoursIsOpenOnClock,
  nearestGridOver,
  restroomDistanceMilesExact,
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
import type { PlacedColumns, PlacedRestroom, PlacedRestrooms } from '../../lib/placed-restrooms';
import { textFold } from '../../lib/text-fold';

/**
 * The visible rows nearest first (those without a position after them, by name), filtered as
 * `filterRestrooms` filters, read a page at a time: the list shows 25 rows
 * of perhaps 100,000, so rows are taken nearest first off a grid of the mirror's positions and
 * tested as they come, and only as many as asked for are measured, tested and expanded from
 * their compact rows.
 */
export interface NearestList extends PlacedRestrooms {
  /** How many rows the list holds, counted without ordering them. */
  readonly length: number;
  /** The first `count` rows (fewer when the list is shorter). */
  first(count: number): ListedRestroom[];
  /**
   * How many of the rows pass only because 'Include unknown' let an unknown amenity through, counted
   * with `length`; 0 when no filter lets unknowns in.
   */
  readonly unknownCount: number;
  /** The rows that pass `filter`, in the same order. */
  where(filter: RestroomFilter): NearestList;
  /**
   * At most `limit` rows that `rank` ranks (0 first), in the list's order within a rank, expanded
   * only once chosen. `rank` reads each row's name and its name, street and city together, both
   * folded by `textFold`; null leaves the row out.
   */
  search(rank: RankSearchText, limit: number): ListedRestroom[];
}

/** Ranks a row by its folded name and its folded 'name street city'; null when it does not match. */
export type RankSearchText = (name: string, text: string) => number | null;

/** Rows' names and 'name street city', folded once per mirror version, when someone first types. */
interface SearchText {
  names: string[];
  texts: string[];
}

/** The view's visible rows and a grid of their positions, built once per mirror version. */
interface MirrorIndex {
  rows: readonly CompactRestroom[];
  /** NaN for a row without a position. */
  latitudes: Float64Array;
  longitudes: Float64Array;
  grid: NearestGrid;
  /** Bit i set when row has AMENITY_FILTER_KEYS[i] (known yes); cheap enough to build with the grid. */
  amenities: Uint8Array;
  /** Bit i set when row's AMENITY_FILTER_KEYS[i] is known (yes or no); clear for unknown. */
  known: Uint8Array;
  /** Rows without coordinates cannot be measured, so they follow in name order; sorted on first need. */
  unplaced: () => readonly number[];
  /** The rows' open hours as numbers; built on the first count that needs them. */
  columns: () => HoursColumns;
  /** Which time zone each row's hours are read in; built on the first count that needs them. */
  zones: () => ZoneColumn;
  /** Every placed row, for the map of a list without filters: one per mirror version, whatever the origin. */
  placed: () => ListColumns;
  searchText: () => SearchText;
}

/** The map's columns (PlacedColumns) and which mirror row each entry is. */
interface ListColumns extends PlacedColumns {
  rows: Int32Array;
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

/** Each amenity filter's known-yes and known bits in a compact row's flags, in AMENITY_FILTER_KEYS order. */
const AMENITY_FLAG_BITS = AMENITY_FILTER_KEYS.map((key) => compactYesBit(key));
const KNOWN_FLAG_BITS = AMENITY_FILTER_KEYS.map((key) => compactKnownBit(key));

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
    const known = new Uint8Array(rows.length);
    // Plain loops: this runs once per mirror version over every row, during a first sync several times a second.
    for (let at = 0; at < rows.length; at++) {
      const row = rows[at]!;
      latitudes[at] = row[COMPACT_AT.latitude] ?? Number.NaN;
      longitudes[at] = row[COMPACT_AT.longitude] ?? Number.NaN;
      const flags = row[COMPACT_AT.flags];
      let bits = 0;
      let knownBits = 0;
      for (let bit = 0; bit < AMENITY_FLAG_BITS.length; bit++) {
        if (flags & AMENITY_FLAG_BITS[bit]!) bits |= 1 << bit;
        if (flags & KNOWN_FLAG_BITS[bit]!) knownBits |= 1 << bit;
      }
      amenities[at] = bits;
      known[at] = knownBits;
    }
    const id = (at: number) => rows[at]![COMPACT_AT.id];
    let unplaced: number[] | undefined;
    let columns: HoursColumns | undefined;
    let zones: ZoneColumn | undefined;
    let placed: ListColumns | undefined;
    let searchText: SearchText | undefined;
    const built: MirrorIndex = {
      rows,
      latitudes,
      longitudes,
      // Equal distances in id order, as the list has always shown them.
      grid: nearestGridOver(latitudes, longitudes, (a, b) => id(a) < id(b)),
      amenities,
      known,
      unplaced: () =>
        (unplaced ??= rows
          .flatMap((row, at) => (row[COMPACT_AT.latitude] === null || row[COMPACT_AT.longitude] === null ? [at] : []))
          .sort((a, b) => rows[a]![COMPACT_AT.name].localeCompare(rows[b]![COMPACT_AT.name]) || (id(a) < id(b) ? -1 : 1))),
      columns: () => (columns ??= hoursColumns(rows)),
      zones: () => (zones ??= zoneColumn(rows)),
      placed: () => (placed ??= placedColumns(built, [])),
      searchText: () => (searchText ??= foldedSearchText(rows)),
    };
    index = built;
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

/**
 * The amenity bits every filter asks for together (`need`), and those of them an unknown value
 * passes (`lenient`): an amenity is lenient only if every filter asking for it lets unknowns in.
 */
interface AmenityMasks {
  need: number;
  lenient: number;
}

function amenityMasks(filters: readonly RestroomFilter[]): AmenityMasks {
  let need = 0;
  let strict = 0;
  let loose = 0;
  for (const filter of filters) {
    for (const key of filter.amenities) {
      const bit = 1 << AMENITY_FILTER_KEYS.indexOf(key);
      need |= bit;
      if (filter.orUnknown?.includes(key)) loose |= bit;
      else strict |= bit;
    }
  }
  return { need, lenient: loose & ~strict };
}

/*
 * A row passes the amenities when each needed bit is known yes, or unknown and lenient; it passes on
 * an unknown when one of its needed lenient bits is unknown. Two bit tests a row, so counting 100,000
 * rows stays a plain loop.
 */
const amenitiesPass = (yes: number, known: number, { need, lenient }: AmenityMasks) => ((yes | (~known & lenient)) & need) === need;
const passesOnUnknown = (known: number, { need, lenient }: AmenityMasks) => (~known & lenient & need) !== 0;

function listOver(
  index: MirrorIndex,
  origin: LatLng,
  decorate: (row: ListedRestroom) => ListedRestroom,
  filters: readonly RestroomFilter[],
): NearestList {
  const masks = amenityMasks(filters);
  const clocks = openOnClocks(filters);
  const passes = (at: number) => {
    if (!amenitiesPass(index.amenities[at]!, index.known[at]!, masks)) return false;
    if (clocks.length === 0) return true;
    const row = index.rows[at]!;
    const hours = hoursOf(row);
    return clocks.every((clockIn) => hoursIsOpenOnClock(hours, clockIn(zoneOf(row))));
  };
  // One object per row for the list's life: a pin, a popup and a list row showing the same restroom
  // share it, and a memoised pin is not drawn again because its list was asked again.
  const expanded = new Map<number, ListedRestroom>();
  const listed = (at: number): ListedRestroom => {
    let restroom = expanded.get(at);
    if (restroom === undefined) {
      const lat = index.latitudes[at]!;
      const lng = index.longitudes[at]!;
      const distance = Number.isNaN(lat) || Number.isNaN(lng) ? null : roundedMiles(restroomDistanceMilesExact(origin, { lat, lng }));
      restroom = decorate({ ...expandRestroom(index.rows[at]!), distance });
      expanded.set(at, restroom);
    }
    return restroom;
  };
  const taken: ListedRestroom[] = [];
  let placed: Iterator<{ index: number; exact: number }> | null = null;
  let unplacedAt = -1;
  let counted: PassingCount | undefined;
  const count = () => (counted ??= filters.length > 0 ? countPassing(index, filters) : { count: index.rows.length, unknown: 0 });
  let columns: ListColumns | undefined;
  const placedOnMap = () => (columns ??= filters.length > 0 ? placedColumns(index, filters) : index.placed());

  /** Takes the next row that passes into `taken`; false once there is none. */
  function takeNext(): boolean {
    placed ??= index.grid.nearestFirst(origin);
    for (let next = unplacedAt < 0 ? placed.next() : null; next && !next.done; next = placed.next()) {
      if (!passes(next.value.index)) continue;
      taken.push(listed(next.value.index));
      return true;
    }
    const unplaced = index.unplaced();
    for (unplacedAt = Math.max(0, unplacedAt); unplacedAt < unplaced.length; ) {
      const at = unplaced[unplacedAt++]!;
      if (!passes(at)) continue;
      taken.push(listed(at));
      return true;
    }
    return false;
  }

  let complete = false;
  const list: NearestList = {
    get length() {
      return count().count;
    },
    get unknownCount() {
      return count().unknown;
    },
    first(count) {
      while (!complete && taken.length < count) complete = !takeNext();
      return taken.slice(0, count);
    },
    where(filter) {
      return listOver(index, origin, decorate, [...filters, filter]);
    },
    placed: placedOnMap,
    placedRestroom(at) {
      return listed(placedOnMap().rows[at]!) as PlacedRestroom;
    },
    placedWithId(id) {
      // A plain scan of ids, asked only while a popup is open and the list changes: a millisecond at 100,000.
      const { rows } = placedOnMap();
      for (let at = 0; at < rows.length; at++) if (index.rows[rows[at]!]![COMPACT_AT.id] === id) return list.placedRestroom(at);
      return undefined;
    },
    search(rank, limit) {
      return searchRows(index, origin, passes, rank, limit).map(listed);
    },
  };
  return list;
}

/** The placed rows that pass `filters`, as the map's columns, without ordering or expanding any. */
function placedColumns(index: MirrorIndex, filters: readonly RestroomFilter[]): ListColumns {
  const { latitudes, longitudes } = index;
  const rows = new Int32Array(index.rows.length);
  let length = 0;
  forEachPassing(index, filters, (at) => {
    if (!Number.isNaN(latitudes[at]!) && !Number.isNaN(longitudes[at]!)) rows[length++] = at;
  });
  const placed = rows.slice(0, length);
  return {
    length,
    rows: placed,
    latitudes: Float64Array.from(placed, (at) => latitudes[at]!),
    longitudes: Float64Array.from(placed, (at) => longitudes[at]!),
  };
}

function foldedSearchText(rows: readonly CompactRestroom[]): SearchText {
  const names: string[] = new Array<string>(rows.length);
  const texts: string[] = new Array<string>(rows.length);
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at]!;
    const name = textFold(row[COMPACT_AT.name]);
    names[at] = name;
    texts[at] = `${name} ${textFold(row[COMPACT_AT.street])} ${textFold(row[COMPACT_AT.city])}`;
  }
  return { names, texts };
}

interface SearchHit {
  at: number;
  rank: number;
  /** Unrounded miles from the origin; Infinity for a row without a position, which the list puts last. */
  exact: number;
}

/**
 * The best `limit` rows by rank, then in the list's order (nearest first, equal distances in id
 * order, then the unplaced by name): kept in a short sorted array, so however many rows match,
 * none is sorted with the rest and only the chosen are expanded.
 */
function searchRows(index: MirrorIndex, origin: LatLng, passes: (at: number) => boolean, rank: RankSearchText, limit: number): number[] {
  if (limit <= 0) return [];
  const { names, texts } = index.searchText();
  const { rows, latitudes, longitudes } = index;
  const id = (at: number) => rows[at]![COMPACT_AT.id];
  const before = (a: SearchHit, b: SearchHit): boolean => {
    if (a.rank !== b.rank) return a.rank < b.rank;
    if (a.exact !== b.exact) return a.exact < b.exact;
    if (a.exact === Infinity) {
      const byName = rows[a.at]![COMPACT_AT.name].localeCompare(rows[b.at]![COMPACT_AT.name]);
      if (byName !== 0) return byName < 0;
    }
    return id(a.at) < id(b.at);
  };
  const best: SearchHit[] = [];
  for (let at = 0; at < rows.length; at++) {
    const rowRank = rank(names[at]!, texts[at]!);
    if (rowRank === null || !passes(at)) continue;
    const lat = latitudes[at]!;
    const lng = longitudes[at]!;
    const hit = { at, rank: rowRank, exact: Number.isNaN(lat) || Number.isNaN(lng) ? Infinity : restroomDistanceMilesExact(origin, { lat, lng }) };
    if (best.length === limit && !before(hit, best[limit - 1]!)) continue;
    let place = best.length;
    while (place > 0 && before(hit, best[place - 1]!)) place--;
    best.splice(place, 0, hit);
    if (best.length > limit) best.pop();
  }
  return best.map((hit) => hit.at);
}

function openOnClocks(filters: readonly RestroomFilter[]): ClocksAt[] {
  return filters.flatMap((filter) => (filter.openOn ? [filter.openOn] : []));
}

interface PassingCount {
  count: number;
  /** Of them, those that pass on an unknown amenity. */
  unknown: number;
}

function countPassing(index: MirrorIndex, filters: readonly RestroomFilter[]): PassingCount {
  const masks = amenityMasks(filters);
  let count = 0;
  let unknown = 0;
  forEachPassing(index, filters, (at) => {
    count++;
    if (passesOnUnknown(index.known[at]!, masks)) unknown++;
  });
  return { count, unknown };
}

/** Calls `visit` with every row that passes `filters`, in mirror order, over the filter columns. */
function forEachPassing(index: MirrorIndex, filters: readonly RestroomFilter[], visit: (at: number) => void): void {
  const masks = amenityMasks(filters);
  const clocks = openOnClocks(filters);
  const { amenities, known, rows } = index;
  const zones = clocks.length > 0 ? index.zones() : { names: [], of: new Uint16Array(0) };
  // The minute of the week in each zone, per clock: one time-zone conversion per zone, not per row.
  const minutes = clocks.map((clockIn) => zones.names.map((zone) => weekMinute(clockIn(zone))));
  if (minutes.some((inZones) => inZones.some((minute) => minute === null))) {
    for (let at = 0; at < rows.length; at++) {
      if (!amenitiesPass(amenities[at]!, known[at]!, masks)) continue;
      const row = rows[at]!;
      const hours = hoursOf(row);
      if (clocks.every((clockIn) => hoursIsOpenOnClock(hours, clockIn(zoneOf(row))))) visit(at);
    }
    return;
  }
  const { spanFrom, spans, irregular } = clocks.length > 0 ? index.columns() : { spanFrom: null, spans: null, irregular: null };
  for (let at = 0; at < amenities.length; at++) {
    if (!amenitiesPass(amenities[at]!, known[at]!, masks)) continue;
    let open = true;
    for (let c = 0; c < clocks.length && open; c++) {
      open = irregular![at]
        ? hoursIsOpenOnClock(hoursOf(rows[at]!), clocks[c]!(zoneOf(rows[at]!)))
        : spansHold(spans!, minutes[c]![zones.of[at]!]!, spanFrom![at], spanFrom![at + 1]);
    }
    if (open) visit(at);
  }
}
