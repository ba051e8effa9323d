import type { LatLng } from '../schemas/config.js';
import { EARTH_RADIUS_MILES, restroomDistanceMilesExact, type Locatable } from './distance.js';

/** A row of the grid's input met on a nearest-first walk: its index in the input and its unrounded distance. */
interface GridHit {
  index: number;
  exact: number;
}

/**
 * The rows with coordinates, bucketed by latitude and longitude once, so that a list can take them
 * nearest first from any origin while measuring only the few around it.
 */
export interface NearestGrid {
  /**
   * Every placed row, in exactly the order `nearestRestrooms` gives (unrounded distance, equal
   * distances in input order), read lazily: stopping after a page measures only the cells near the origin.
   */
  nearestFirst(origin: LatLng): Generator<GridHit, void, undefined>;
}

/** Rows per cell on average: few enough that a cell is cheap to measure, enough that rings are few. */
const ROWS_PER_CELL = 4;
/** Cell edges computed in floating point may sit a hair off where a row was bucketed; the bound gives that back. */
const EDGE_SLACK_DEGREES = 1e-9;
const BOUND_SLACK_MILES = 1e-6;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

export function createNearestGrid(rows: readonly Locatable[], tieBefore?: (a: number, b: number) => boolean): NearestGrid {
  return nearestGridOver(
    Float64Array.from(rows, (row) => row.latitude ?? Number.NaN),
    Float64Array.from(rows, (row) => row.longitude ?? Number.NaN),
    tieBefore,
  );
}

/**
 * The same grid over position columns (NaN for a row without a position), for a caller that holds
 * its rows in some other shape. `tieBefore` orders rows at exactly the same distance; by default
 * the lower index comes first.
 */
export function nearestGridOver(
  latitudes: Float64Array,
  longitudes: Float64Array,
  tieBefore: (a: number, b: number) => boolean = (a, b) => a < b,
): NearestGrid {
  const before = (a: GridHit, b: GridHit): boolean => a.exact < b.exact || (a.exact === b.exact && a.index !== b.index && tieBefore(a.index, b.index));
  let count = 0;
  for (let index = 0; index < latitudes.length; index++) if (!Number.isNaN(latitudes[index]!) && !Number.isNaN(longitudes[index]!)) count++;
  const placed = new Int32Array(count);
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  let filledCount = 0;
  for (let index = 0; index < latitudes.length; index++) {
    const lat = latitudes[index]!;
    const lng = longitudes[index]!;
    if (Number.isNaN(lat) || Number.isNaN(lng)) continue;
    placed[filledCount++] = index;
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  const side = Math.max(1, Math.ceil(Math.sqrt(placed.length / ROWS_PER_CELL)));
  // A span of zero (one spot) still needs a positive step to divide by.
  const latStep = north > south ? (north - south) / side : 1;
  const lngStep = east > west ? (east - west) / side : 1;
  const cellRow = (lat: number) => Math.min(side - 1, Math.max(0, Math.floor((lat - south) / latStep)));
  const cellCol = (lng: number) => Math.min(side - 1, Math.max(0, Math.floor((lng - west) / lngStep)));

  // Counting sort by cell: cellStart[c]..cellStart[c + 1] index `members`, in input order within a cell.
  const cellOf = new Int32Array(placed.length);
  const cellStart = new Int32Array(side * side + 1);
  for (let at = 0; at < placed.length; at++) {
    const index = placed[at]!;
    const cell = cellRow(latitudes[index]!) * side + cellCol(longitudes[index]!);
    cellOf[at] = cell;
    cellStart[cell + 1]! += 1;
  }
  for (let cell = 0; cell < side * side; cell++) cellStart[cell + 1]! += cellStart[cell]!;
  const members = new Int32Array(placed.length);
  const filled = cellStart.slice(0, side * side);
  for (let at = 0; at < placed.length; at++) members[filled[cellOf[at]!]!++] = placed[at]!;

  /**
   * A distance every row outside the rings walked so far is at least: the latitude gap to the
   * nearest unwalked row of cells, and the great-circle gap to the nearest unwalked column's meridian.
   */
  function boundOutside(origin: LatLng, row: number, col: number, ring: number): number {
    let degrees = Infinity;
    if (row - ring > 0) degrees = Math.min(degrees, origin.lat - (south + (row - ring) * latStep));
    if (row + ring < side - 1) degrees = Math.min(degrees, south + (row + ring + 1) * latStep - origin.lat);
    let radians = toRadians(Math.max(0, degrees - EDGE_SLACK_DEGREES));
    const sideways = (gap: number, farthest: number) => {
      // Past a quarter of the way round, or where rows could be nearer the other way round, only 0 is sure.
      if (gap <= 0 || gap >= 90 || farthest > gap + 180) return 0;
      return Math.asin(Math.min(1, Math.sin(toRadians(gap)) * Math.cos(toRadians(origin.lat))));
    };
    if (col - ring > 0) radians = Math.min(radians, sideways(origin.lng - (west + (col - ring) * lngStep) - EDGE_SLACK_DEGREES, origin.lng - west));
    if (col + ring < side - 1) radians = Math.min(radians, sideways(west + (col + ring + 1) * lngStep - origin.lng - EDGE_SLACK_DEGREES, east - origin.lng));
    return radians === Infinity ? Infinity : radians * EARTH_RADIUS_MILES - BOUND_SLACK_MILES;
  }

  function* nearestFirst(origin: LatLng): Generator<GridHit, void, undefined> {
    if (placed.length === 0) return;
    const row = cellRow(origin.lat);
    const col = cellCol(origin.lng);
    const lastRing = Math.max(row, side - 1 - row, col, side - 1 - col);
    const heap = new HitHeap(before);
    const measureCell = (r: number, c: number) => {
      if (r < 0 || r >= side || c < 0 || c >= side) return;
      const cell = r * side + c;
      for (let at = cellStart[cell]!; at < cellStart[cell + 1]!; at++) {
        const index = members[at]!;
        heap.push({ index, exact: restroomDistanceMilesExact(origin, { lat: latitudes[index]!, lng: longitudes[index]! }) });
      }
    };
    for (let ring = 0; ring <= lastRing; ring++) {
      if (ring === 0) measureCell(row, col);
      for (let step = -ring; step <= ring && ring > 0; step++) {
        measureCell(row - ring, col + step);
        measureCell(row + ring, col + step);
        if (step !== -ring && step !== ring) {
          measureCell(row + step, col - ring);
          measureCell(row + step, col + ring);
        }
      }
      const bound = ring === lastRing ? Infinity : boundOutside(origin, row, col, ring);
      // Strictly nearer than anything unmeasured, so no unmeasured row can come first or tie.
      while (heap.size > 0 && heap.peek().exact < bound) yield heap.pop();
    }
  }

  return { nearestFirst };
}

/** A binary min-heap of hits by distance, equal distances by input index, as a stable sort would order them. */
class HitHeap {
  private readonly hits: GridHit[] = [];

  private readonly before: (a: GridHit, b: GridHit) => boolean;

  constructor(before: (a: GridHit, b: GridHit) => boolean) {
    this.before = before;
  }

  get size(): number {
    return this.hits.length;
  }

  peek(): GridHit {
    return this.hits[0]!;
  }

  push(hit: GridHit): void {
    const hits = this.hits;
    let at = hits.push(hit) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(hit, hits[parent]!)) break;
      hits[at] = hits[parent]!;
      at = parent;
    }
    hits[at] = hit;
  }

  pop(): GridHit {
    const hits = this.hits;
    const top = hits[0]!;
    const last = hits.pop()!;
    if (hits.length === 0) return top;
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      if (left >= hits.length) break;
      const right = left + 1;
      const child = right < hits.length && this.before(hits[right]!, hits[left]!) ? right : left;
      if (!this.before(hits[child]!, last)) break;
      hits[at] = hits[child]!;
      at = child;
    }
    hits[at] = last;
    return top;
  }
}
