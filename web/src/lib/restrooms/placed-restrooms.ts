import type { ListedRestroom } from './listed-restroom';

/** A row of the list that has a position, so the map can draw it. */
export type PlacedRestroom = ListedRestroom & { latitude: number; longitude: number };

/**
 * The positions of the restrooms a map can draw, as columns: entry i of each is the same restroom.
 * Built once per list, so the map clusters from numbers and expands only what it draws.
 */
export interface PlacedColumns {
  readonly length: number;
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
}

/**
 * What the map needs of a list of restrooms (docs/product-rules.md#map): their positions without
 * expanding any, one restroom expanded when a pin or a popup shows it, and whether the list still
 * holds a restroom (one the filters have just removed takes its popup with it).
 */
export interface PlacedRestrooms {
  /** Every restroom of the list, placed or not: a map of none opens one step wider. */
  readonly length: number;
  /** The placed restrooms' positions, in no promised order; the same object on every call. */
  placed(): PlacedColumns;
  /**
   * Entry `at` of `placed()`, expanded with its distance from the list's origin; the same object on
   * every call. Undefined while a cold start has not read its row yet (it is read next).
   */
  placedRestroom(at: number): PlacedRestroom | undefined;
  /** The placed restroom with this id, expanded, if the list holds it. */
  placedWithId(id: string): PlacedRestroom | undefined;
}
