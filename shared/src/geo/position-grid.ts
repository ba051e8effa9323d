import type { BoundingBox } from '../region.js';

/** A place with an id, as the grid holds it. */
export interface Position {
  id: string;
  latitude: number;
  longitude: number;
}

/**
 * About 1.1 km of latitude: small enough that the first boxes of a nearby search (a tenth of a mile
 * across, downtown) touch a cell or four, large enough that a box a few miles wide stays a few
 * hundred cells.
 */
export const GRID_CELL_DEGREES = 0.01;

const COLUMNS = Math.ceil(360 / GRID_CELL_DEGREES) + 1;

const rowOf = (latitude: number) => Math.floor((latitude + 90) / GRID_CELL_DEGREES);
const columnOf = (longitude: number) => Math.floor((longitude + 180) / GRID_CELL_DEGREES);

/**
 * Positions bucketed into cells of `GRID_CELL_DEGREES`, so the ones inside a box are found by
 * looking at the cells it overlaps instead of at every position. Built once, read many times: the
 * api keeps one per version of the data.
 */
export class PositionGrid {
  private readonly ids: string[];
  private readonly latitudes: Float64Array;
  private readonly longitudes: Float64Array;
  /** Cell key → indexes into the arrays above, ascending, so ascending id order. */
  private readonly cells = new Map<number, number[]>();

  constructor(positions: Iterable<Position>) {
    const sorted = [...positions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.ids = sorted.map((position) => position.id);
    this.latitudes = Float64Array.from(sorted, (position) => position.latitude);
    this.longitudes = Float64Array.from(sorted, (position) => position.longitude);
    sorted.forEach((position, index) => {
      const key = rowOf(position.latitude) * COLUMNS + columnOf(position.longitude);
      const cell = this.cells.get(key);
      if (cell === undefined) this.cells.set(key, [index]);
      else cell.push(index);
    });
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * The positions inside the box, edges included, in id order (JavaScript's code-unit order, the
   * same whatever a database's collation), so equal distances rank alike wherever they are measured.
   */
  inBox(box: BoundingBox): Position[] {
    const found: number[] = [];
    const firstRow = rowOf(box.south);
    const lastRow = rowOf(box.north);
    const firstColumn = columnOf(box.west);
    const lastColumn = columnOf(box.east);
    const cellsInBox = (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1);
    if (cellsInBox > this.cells.size) {
      // A box wider than the data: every position is cheaper to test than every cell.
      for (let index = 0; index < this.ids.length; index++) if (this.holds(box, index)) found.push(index);
      return found.map((index) => this.position(index));
    }
    for (let row = firstRow; row <= lastRow; row++) {
      for (let column = firstColumn; column <= lastColumn; column++) {
        const cell = this.cells.get(row * COLUMNS + column);
        if (cell === undefined) continue;
        for (const index of cell) if (this.holds(box, index)) found.push(index);
      }
    }
    return found.sort((a, b) => a - b).map((index) => this.position(index));
  }

  private holds(box: BoundingBox, index: number): boolean {
    const latitude = this.latitudes[index]!;
    const longitude = this.longitudes[index]!;
    return latitude >= box.south && latitude <= box.north && longitude >= box.west && longitude <= box.east;
  }

  private position(index: number): Position {
    return { id: this.ids[index]!, latitude: this.latitudes[index]!, longitude: this.longitudes[index]! };
  }
}
