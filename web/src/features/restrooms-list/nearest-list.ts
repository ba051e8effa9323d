import { createNearestGrid, restroomIsPublic, type LatLng, type NearestGrid, type Restroom } from '@allstall/shared';
import type { ListedRestroom } from './order-restrooms';

/**
 * What `orderRestrooms` then `filterRestrooms` give, read a page at a time: the list shows 25 rows
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
  /** The rows that pass `test`, in the same order. */
  where(test: (row: Restroom) => boolean): NearestList;
}

/** The mirror's visible rows and a grid of their positions, built once per array the live query gives. */
interface MirrorIndex {
  visible: readonly Restroom[];
  grid: NearestGrid;
  /** Rows without coordinates cannot be measured, so they follow in name order; sorted on first need. */
  unplaced: () => readonly Restroom[];
}

const indexes = new WeakMap<readonly Restroom[], MirrorIndex>();

function mirrorIndex(rows: readonly Restroom[]): MirrorIndex {
  let index = indexes.get(rows);
  if (!index) {
    // The feed only sends public rows, but a stale mirror row must not surface either.
    const visible = rows.filter(restroomIsPublic);
    let unplaced: Restroom[] | undefined;
    index = {
      visible,
      grid: createNearestGrid(visible),
      unplaced: () =>
        (unplaced ??= visible.filter((row) => row.latitude === null || row.longitude === null).sort((a, b) => a.name.localeCompare(b.name))),
    };
    indexes.set(rows, index);
  }
  return index;
}

/**
 * The visible rows of the mirror nearest `origin` first, as `orderRestrooms` orders them;
 * `decorate` dresses each row as it is taken (a thumb still in the outbox, say).
 */
export function nearestList(rows: readonly Restroom[], origin: LatLng, decorate: (row: ListedRestroom) => ListedRestroom = (row) => row): NearestList {
  return listOver(mirrorIndex(rows), origin, decorate, null);
}

function listOver(
  index: MirrorIndex,
  origin: LatLng,
  decorate: (row: ListedRestroom) => ListedRestroom,
  test: ((row: Restroom) => boolean) | null,
): NearestList {
  const taken: ListedRestroom[] = [];
  let placed: Iterator<{ index: number; exact: number }> | null = null;
  let unplacedAt = -1;
  let length: number | undefined;

  /** Takes the next row that passes into `taken`; false once there is none. */
  function takeNext(): boolean {
    placed ??= index.grid.nearestFirst(origin);
    for (let next = unplacedAt < 0 ? placed.next() : null; next && !next.done; next = placed.next()) {
      const row = index.visible[next.value.index]!;
      if (test && !test(row)) continue;
      // Rounded exactly as nearestRestrooms rounds, so the card shows the same miles.
      taken.push(decorate({ ...row, distance: Math.round(next.value.exact * 100) / 100 }));
      return true;
    }
    const unplaced = index.unplaced();
    for (unplacedAt = Math.max(0, unplacedAt); unplacedAt < unplaced.length; ) {
      const row = unplaced[unplacedAt++]!;
      if (test && !test(row)) continue;
      taken.push(decorate({ ...row, distance: null }));
      return true;
    }
    return false;
  }

  let complete = false;
  const list: NearestList = {
    get length() {
      length ??= test ? countWhere(index.visible, test) : index.visible.length;
      return length;
    },
    first(count) {
      while (!complete && taken.length < count) complete = !takeNext();
      return taken.slice(0, count);
    },
    all() {
      while (!complete) complete = !takeNext();
      return taken;
    },
    where(next) {
      return listOver(index, origin, decorate, test ? (row) => test(row) && next(row) : next);
    },
    [Symbol.iterator]() {
      return list.all()[Symbol.iterator]();
    },
  };
  return list;
}

function countWhere(rows: readonly Restroom[], test: (row: Restroom) => boolean): number {
  let count = 0;
  for (const row of rows) if (test(row)) count++;
  return count;
}
