import {
  createNearestGrid,
  hoursIsOpenOnClock,
  restroomIsPublic,
  roundedMiles,
  spansHold,
  weekMinute,
  weekOpenSpans,
  type LatLng,
  type NearestGrid,
  type Restroom,
} from '@allstall/shared';
import { AMENITY_FILTER_KEYS, restroomPasses, type RestroomFilter } from './home-filters';
import type { ListedRestroom } from './listed-restroom';

/**
 * The visible rows nearest first (those without a position after them, by name), filtered as
 * `filterRestrooms` filters, read a page at a time: the list shows 25 rows
 * of perhaps 100,000, so rows are taken nearest first off a grid of the mirror's positions and
 * tested as they come, and only as many as asked for are measured, tested and copied.
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

/** The mirror's visible rows and a grid of their positions, built once per array the live query gives. */
interface MirrorIndex {
  visible: readonly Restroom[];
  grid: NearestGrid;
  /** Rows without coordinates cannot be measured, so they follow in name order; sorted on first need. */
  unplaced: () => readonly Restroom[];
  /** What the filters test, per visible row, as numbers; built on the first count that needs them. */
  columns: () => FilterColumns;
}

/**
 * Counting 'Showing 25 of N' tests every row, every minute while 'Open now' is on: over plain
 * arrays of numbers that is a few comparisons a row, rather than a walk through each row's objects.
 */
interface FilterColumns {
  /** Bit i set when the row has AMENITY_FILTER_KEYS[i]. */
  amenities: Uint8Array;
  /** Row i's open spans are spans[spanFrom[i]] up to spans[spanFrom[i + 1]]. */
  spanFrom: Int32Array;
  spans: Int32Array;
  /** Rows whose hours the spans cannot promise to match; their ranges are asked instead. */
  irregular: Uint8Array;
}

function filterColumns(visible: readonly Restroom[]): FilterColumns {
  const amenities = new Uint8Array(visible.length);
  const spanFrom = new Int32Array(visible.length + 1);
  const irregular = new Uint8Array(visible.length);
  const spans: number[] = [];
  visible.forEach((row, at) => {
    AMENITY_FILTER_KEYS.forEach((key, bit) => {
      if (row[key]) amenities[at]! |= 1 << bit;
    });
    const open = weekOpenSpans(row.hours);
    if (open === null) irregular[at] = 1;
    else spans.push(...open);
    spanFrom[at + 1] = spans.length;
  });
  return { amenities, spanFrom, spans: Int32Array.from(spans), irregular };
}

const indexes = new WeakMap<readonly Restroom[], MirrorIndex>();

function mirrorIndex(rows: readonly Restroom[]): MirrorIndex {
  let index = indexes.get(rows);
  if (!index) {
    // The feed only sends public rows, but a stale mirror row must not surface either.
    const visible = rows.filter(restroomIsPublic);
    let unplaced: Restroom[] | undefined;
    let columns: FilterColumns | undefined;
    index = {
      visible,
      grid: createNearestGrid(visible),
      unplaced: () =>
        (unplaced ??= visible.filter((row) => row.latitude === null || row.longitude === null).sort((a, b) => a.name.localeCompare(b.name))),
      columns: () => (columns ??= filterColumns(visible)),
    };
    indexes.set(rows, index);
  }
  return index;
}

/**
 * The visible rows of the mirror nearest `origin` first, then those without a position by name;
 * `decorate` dresses each row as it is taken (a thumb still in the outbox, say).
 */
export function nearestList(rows: readonly Restroom[], origin: LatLng, decorate: (row: ListedRestroom) => ListedRestroom = (row) => row): NearestList {
  return listOver(mirrorIndex(rows), origin, decorate, []);
}

function listOver(
  index: MirrorIndex,
  origin: LatLng,
  decorate: (row: ListedRestroom) => ListedRestroom,
  filters: readonly RestroomFilter[],
): NearestList {
  const passes = (row: Restroom) => filters.every((filter) => restroomPasses(filter, row));
  const taken: ListedRestroom[] = [];
  let placed: Iterator<{ index: number; exact: number }> | null = null;
  let unplacedAt = -1;
  let length: number | undefined;

  /** Takes the next row that passes into `taken`; false once there is none. */
  function takeNext(): boolean {
    placed ??= index.grid.nearestFirst(origin);
    for (let next = unplacedAt < 0 ? placed.next() : null; next && !next.done; next = placed.next()) {
      const row = index.visible[next.value.index]!;
      if (!passes(row)) continue;
      taken.push(decorate({ ...row, distance: roundedMiles(next.value.exact) }));
      return true;
    }
    const unplaced = index.unplaced();
    for (unplacedAt = Math.max(0, unplacedAt); unplacedAt < unplaced.length; ) {
      const row = unplaced[unplacedAt++]!;
      if (!passes(row)) continue;
      taken.push(decorate({ ...row, distance: null }));
      return true;
    }
    return false;
  }

  let complete = false;
  const list: NearestList = {
    get length() {
      length ??= filters.length > 0 ? countPassing(index, filters) : index.visible.length;
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
          const row = index.visible[hit.index]!;
          if (!passes(row)) continue;
          if (alreadyTaken > 0) alreadyTaken--;
          else taken.push(decorate({ ...row, distance: roundedMiles(hit.exact) }));
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

function countPassing(index: MirrorIndex, filters: readonly RestroomFilter[]): number {
  let mask = 0;
  for (const filter of filters) for (const key of filter.amenities) mask |= 1 << AMENITY_FILTER_KEYS.indexOf(key);
  const clocks = filters.flatMap((filter) => (filter.openOn ? [filter.openOn] : []));
  const minutes = clocks.map(weekMinute);
  if (minutes.some((minute) => minute === null)) return index.visible.filter((row) => filters.every((filter) => restroomPasses(filter, row))).length;
  const { amenities, spanFrom, spans, irregular } = index.columns();
  let count = 0;
  for (let at = 0; at < amenities.length; at++) {
    if ((amenities[at]! & mask) !== mask) continue;
    let open = true;
    for (let c = 0; c < clocks.length && open; c++) {
      open = irregular[at] ? hoursIsOpenOnClock(index.visible[at]!.hours, clocks[c]!) : spansHold(spans, minutes[c]!, spanFrom[at], spanFrom[at + 1]);
    }
    if (open) count++;
  }
  return count;
}
