import {
  anyWithinMiles,
  COMPACT_AT,
  expandHours,
  expandRestroom,
  hoursIsOpenOnClock,
  nearestGridOver,
  restroomDistanceMilesExact,
  roundedMiles,
  spansHold,
  weekMinute,
  type ClocksAt,
  type CompactRestroom,
  type LatLng,
  type NearestGrid,
} from '@allstall/shared';
import type { MirrorView } from '@/lib/sync/mirror-store';
import {
  COLUMN_FILTER_KEYS,
  hoursColumns,
  restroomColumns,
  unplacedOrder,
  zoneColumn,
  type HoursColumns,
  type RestroomColumns,
  type StoredColumns,
  type ZoneColumn,
} from '@/lib/restrooms/restroom-columns';
import type { RestroomFilter } from './bathrooms-filters';
import type { ListedRestroom } from '@/lib/restrooms/listed-restroom';
import type { PlacedColumns, PlacedRestroom, PlacedRestrooms } from '@/lib/restrooms/placed-restrooms';
import { textFold } from '@/lib/search/text-fold';

/**
 * The visible rows nearest first (those without a position after them, by name), filtered by the
 * chosen filters (the rule row by row: `filterRestrooms` in bathrooms-filters-test-kit.ts), read a
 * page at a time: the list shows 25 rows of perhaps 100,000, so rows are taken nearest first off a grid of the mirror's positions and
 * tested as they come, and only as many as asked for are measured, tested and expanded from
 * their compact rows.
 */
export interface NearestList extends PlacedRestrooms {
  /** How many rows the list holds, counted without ordering them. */
  readonly length: number;
  /**
   * The first `count` rows: fewer when the list is shorter, or when a cold start has not read the
   * next row yet (it is read next, and the list changes when it arrives).
   */
  first(count: number): ListedRestroom[];
  /**
   * How many of the rows pass only because 'Include unknown' let an unknown amenity through, counted
   * with `length`; 0 when no filter lets unknowns in.
   */
  readonly unknownCount: number;
  /**
   * Whether any row stands within `miles` of the origin, answered from the positions alone: the map,
   * which never orders the list, builds no grid for it, and a cold start answers before its rows are read.
   */
  hasRowWithin(miles: number): boolean;
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
type RankSearchText = (name: string, text: string) => number | null;

/** Rows' names and 'name street city', folded once per mirror version, when someone first types. */
interface SearchText {
  names: string[];
  texts: string[];
}

/**
 * The view's visible rows as columns and a grid of their positions, built once per mirror version
 * (or read from the stored column index at a cold start, once per index).
 */
interface MirrorIndex {
  readonly columns: RestroomColumns;
  /** Built on the first page asked for: the map alone (a first visit's view) never needs it. */
  grid: () => NearestGrid;
  /** Rows without coordinates cannot be measured, so they follow in name order; sorted on first need. */
  unplaced: () => ArrayLike<number>;
  /** The rows' open hours as numbers; built on the first count that needs them. */
  hours: () => HoursColumns;
  /** The compact hours of row `at` when the spans cannot answer for it, whether or not its row is read. */
  irregularHours: (at: number) => readonly number[] | null;
  /** Which time zone each row's hours are read in; built on the first count that needs them. */
  zones: () => ZoneColumn;
  /** Every placed row, for the map of a list without filters: one per mirror version, whatever the origin. */
  placed: () => ListColumns;
  /** Null until every row is in memory (a cold start still reading them). */
  searchText: (rows: IndexRows) => SearchText | null;
}

/** An index's rows as one view holds them: `row(at)` is undefined for a row a cold start has not read yet. */
interface IndexRows {
  row(at: number): CompactRestroom | undefined;
  readonly complete: boolean;
}

/** The map's columns (PlacedColumns) and which mirror row each entry is. */
interface ListColumns extends PlacedColumns {
  rows: Int32Array;
}

const rowIndexes = new WeakMap<MirrorView, MirrorIndex>();
const storedIndexes = new WeakMap<StoredColumns, MirrorIndex>();

function indexOver(columns: RestroomColumns, parts: Pick<MirrorIndex, 'unplaced' | 'hours' | 'irregularHours' | 'zones'>): MirrorIndex {
  const { ids } = columns;
  let grid: NearestGrid | undefined;
  let placed: ListColumns | undefined;
  let searchText: SearchText | undefined;
  const index: MirrorIndex = {
    columns,
    // Equal distances in id order, as the list has always shown them.
    grid: () => (grid ??= nearestGridOver(columns.latitudes, columns.longitudes, (a, b) => ids[a]! < ids[b]!)),
    ...parts,
    placed: () => (placed ??= placedColumns(index, [], null)),
    searchText: (rows) => {
      if (searchText === undefined && rows.complete) searchText = foldedSearchText(columns.length, (at) => rows.row(at)!);
      return searchText ?? null;
    },
  };
  return index;
}

function mirrorIndex(view: MirrorView): { index: MirrorIndex; rows: IndexRows } {
  const stored = view.columns;
  if (stored !== null) {
    let index = storedIndexes.get(stored);
    if (!index) {
      index = indexOver(stored, {
        unplaced: () => stored.unplaced,
        hours: () => stored.hours,
        irregularHours: (at) => stored.irregularHours[at] ?? null,
        zones: () => stored.zones,
      });
      storedIndexes.set(stored, index);
    }
    return { index, rows: { row: (at) => view.compact(stored.ids[at]!), complete: view.complete } };
  }
  // The view holds the visible rows only (approved, not removed), so nothing hidden can surface.
  const rows = view.rows!;
  let index = rowIndexes.get(view);
  if (!index) {
    let unplaced: Int32Array | undefined;
    let hours: HoursColumns | undefined;
    let zones: ZoneColumn | undefined;
    index = indexOver(restroomColumns(rows), {
      unplaced: () => (unplaced ??= unplacedOrder(rows)),
      hours: () => (hours ??= hoursColumns(rows)),
      irregularHours: (at) => rows[at]![COMPACT_AT.hours],
      zones: () => (zones ??= zoneColumn(rows)),
    });
    rowIndexes.set(view, index);
  }
  return { index, rows: { row: (at) => rows[at], complete: true } };
}

/**
 * The visible rows of the mirror nearest `origin` first, then those without a position by name;
 * `decorate` dresses each row as it is taken (a thumb still in the outbox, say).
 */
export function nearestList(view: MirrorView, origin: LatLng, decorate: (row: ListedRestroom) => ListedRestroom = (row) => row): NearestList {
  const { index, rows } = mirrorIndex(view);
  return listOver(index, rows, origin, decorate, []);
}

/**
 * The yes/no/unknown bits (amenities, open to the public, free) every filter asks for together (`need`), and those of them an unknown value
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
      const bit = 1 << COLUMN_FILTER_KEYS.indexOf(key);
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
  rows: IndexRows,
  origin: LatLng,
  decorate: (row: ListedRestroom) => ListedRestroom,
  filters: readonly RestroomFilter[],
): NearestList {
  const { latitudes, longitudes, ids } = index.columns;
  const passes = passingTest(index, rows, filters);
  // One object per row for the list's life: a pin, a popup and a list row showing the same restroom
  // share it, and a memoised pin is not drawn again because its list was asked again.
  const expanded = new Map<number, ListedRestroom>();
  /** Undefined for a row a cold start has not read yet (it is read next). */
  const listed = (at: number): ListedRestroom | undefined => {
    let restroom = expanded.get(at);
    if (restroom === undefined) {
      const row = rows.row(at);
      if (row === undefined) return undefined;
      const lat = latitudes[at]!;
      const lng = longitudes[at]!;
      const distance = Number.isNaN(lat) || Number.isNaN(lng) ? null : roundedMiles(restroomDistanceMilesExact(origin, { lat, lng }));
      restroom = decorate({ ...expandRestroom(row), distance });
      expanded.set(at, restroom);
    }
    return restroom;
  };
  /** The rows taken so far, in order; those not read yet as their index, expanded when they are. */
  const taken: number[] = [];
  let placed: Iterator<{ index: number; exact: number }> | null = null;
  let unplacedAt = -1;
  let counted: PassingCount | undefined;
  const count = () => (counted ??= filters.length > 0 ? countPassing(index, rows, filters) : { count: index.columns.length, unknown: 0 });
  let columns: ListColumns | undefined;
  const placedOnMap = () => (columns ??= filters.length > 0 ? placedColumns(index, filters, rows) : index.placed());

  /** The next row that passes; undefined once there is none. */
  function takeNext(): number | undefined {
    placed ??= index.grid().nearestFirst(origin);
    for (let next = unplacedAt < 0 ? placed.next() : null; next && !next.done; next = placed.next()) {
      if (passes(next.value.index)) return next.value.index;
    }
    const unplaced = index.unplaced();
    for (unplacedAt = Math.max(0, unplacedAt); unplacedAt < unplaced.length; ) {
      const at = unplaced[unplacedAt++]!;
      if (passes(at)) return at;
    }
    return undefined;
  }

  const within = new Map<number, boolean>();

  let complete = false;
  const list: NearestList = {
    get length() {
      return count().count;
    },
    get unknownCount() {
      return count().unknown;
    },
    first(count) {
      while (!complete && taken.length < count) {
        const next = takeNext();
        if (next === undefined) complete = true;
        else taken.push(next);
      }
      // In order or not at all: a row not read yet ends the page there until it is (a new view).
      // Every row of the page is asked for, so their buckets are read together, not one per view.
      const rows = taken.slice(0, count).map(listed);
      const missing = rows.indexOf(undefined);
      return (missing < 0 ? rows : rows.slice(0, missing)) as ListedRestroom[];
    },
    hasRowWithin(miles) {
      let answer = within.get(miles);
      if (answer === undefined) {
        answer = anyWithinMiles(latitudes, longitudes, origin, miles, passes);
        within.set(miles, answer);
      }
      return answer;
    },
    where(filter) {
      return listOver(index, rows, origin, decorate, [...filters, filter]);
    },
    placed: placedOnMap,
    placedRestroom(at) {
      return listed(placedOnMap().rows[at]!) as PlacedRestroom | undefined;
    },
    placedWithId(id) {
      // A plain scan of ids, asked only while a popup is open and the list changes: a millisecond at 100,000.
      const placedRows = placedOnMap().rows;
      for (let at = 0; at < placedRows.length; at++) if (ids[placedRows[at]!] === id) return list.placedRestroom(at);
      return undefined;
    },
    search(rank, limit) {
      const text = index.searchText(rows);
      if (text === null) return [];
      return searchRows(index, rows, text, origin, passes, rank, limit).map((at) => listed(at)!);
    },
  };
  return list;
}

/** The placed rows that pass `filters`, as the map's columns, without ordering or expanding any. */
function placedColumns(index: MirrorIndex, filters: readonly RestroomFilter[], rows: IndexRows | null): ListColumns {
  const { latitudes, longitudes } = index.columns;
  const placed = new Int32Array(index.columns.length);
  let length = 0;
  forEachPassing(index, rows, filters, (at) => {
    if (!Number.isNaN(latitudes[at]!) && !Number.isNaN(longitudes[at]!)) placed[length++] = at;
  });
  const chosen = placed.slice(0, length);
  return {
    length,
    rows: chosen,
    latitudes: Float64Array.from(chosen, (at) => latitudes[at]!),
    longitudes: Float64Array.from(chosen, (at) => longitudes[at]!),
  };
}

function foldedSearchText(length: number, row: (at: number) => CompactRestroom): SearchText {
  const names: string[] = new Array<string>(length);
  const texts: string[] = new Array<string>(length);
  for (let at = 0; at < length; at++) {
    const compact = row(at);
    const name = textFold(compact[COMPACT_AT.name]);
    names[at] = name;
    texts[at] = `${name} ${textFold(compact[COMPACT_AT.street])} ${textFold(compact[COMPACT_AT.city])}`;
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
function searchRows(
  index: MirrorIndex,
  rows: IndexRows,
  text: SearchText,
  origin: LatLng,
  passes: (at: number) => boolean,
  rank: RankSearchText,
  limit: number,
): number[] {
  if (limit <= 0) return [];
  const { names, texts } = text;
  const { ids, latitudes, longitudes } = index.columns;
  // Search runs once every row is read (`searchText`), so the unplaced compare by their names.
  const name = (at: number) => rows.row(at)![COMPACT_AT.name];
  const before = (a: SearchHit, b: SearchHit): boolean => {
    if (a.rank !== b.rank) return a.rank < b.rank;
    if (a.exact !== b.exact) return a.exact < b.exact;
    if (a.exact === Infinity) {
      const byName = name(a.at).localeCompare(name(b.at));
      if (byName !== 0) return byName < 0;
    }
    return ids[a.at]! < ids[b.at]!;
  };
  const best: SearchHit[] = [];
  for (let at = 0; at < names.length; at++) {
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

function countPassing(index: MirrorIndex, rows: IndexRows, filters: readonly RestroomFilter[]): PassingCount {
  const masks = amenityMasks(filters);
  const { known } = index.columns;
  let count = 0;
  let unknown = 0;
  forEachPassing(index, rows, filters, (at) => {
    count++;
    if (passesOnUnknown(known[at]!, masks)) unknown++;
  });
  return { count, unknown };
}

/**
 * Whether row `at` passes `filters`, over the filter columns: its amenity bits, then, with 'Open
 * now', its open spans at each zone's minute of the week (one time-zone conversion per zone, not per
 * row). A row whose hours the spans cannot answer for is asked by its ranges, which the stored
 * columns keep too, so a cold start answers before its row is read. `rows` is null for the map's
 * columns of a list without filters, which never asks for hours.
 */
function passingTest(index: MirrorIndex, rows: IndexRows | null, filters: readonly RestroomFilter[]): (at: number) => boolean {
  const masks = amenityMasks(filters);
  const clocks = openOnClocks(filters);
  const { amenities, known } = index.columns;
  if (clocks.length === 0) return (at) => amenitiesPass(amenities[at]!, known[at]!, masks);
  const zones = index.zones();
  const minutes = clocks.map((clockIn) => zones.names.map((zone) => weekMinute(clockIn(zone))));
  const hoursAt = (at: number) => {
    const row = rows?.row(at);
    return expandHours(row === undefined ? index.irregularHours(at) : row[COMPACT_AT.hours]);
  };
  const openByRanges = (at: number, c: number) => hoursIsOpenOnClock(hoursAt(at), clocks[c]!(zones.names[zones.of[at]!]!));
  // A clock without a day of the week (never from Intl) cannot use the spans: every row by its ranges.
  if (minutes.some((inZones) => inZones.some((minute) => minute === null))) {
    return (at) => amenitiesPass(amenities[at]!, known[at]!, masks) && clocks.every((_, c) => openByRanges(at, c));
  }
  const { spanFrom, spans, irregular } = index.hours();
  return (at) => {
    if (!amenitiesPass(amenities[at]!, known[at]!, masks)) return false;
    for (let c = 0; c < clocks.length; c++) {
      const open = irregular[at] ? openByRanges(at, c) : spansHold(spans, minutes[c]![zones.of[at]!]!, spanFrom[at], spanFrom[at + 1]);
      if (!open) return false;
    }
    return true;
  };
}

/** Calls `visit` with every row that passes `filters`, in mirror order. */
function forEachPassing(index: MirrorIndex, rows: IndexRows | null, filters: readonly RestroomFilter[], visit: (at: number) => void): void {
  const passes = passingTest(index, rows, filters);
  for (let at = 0; at < index.columns.length; at++) if (passes(at)) visit(at);
}
