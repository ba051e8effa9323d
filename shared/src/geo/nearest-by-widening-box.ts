import type { BoundingBox } from '../region.js';
import type { LatLng } from '../schemas/config.js';
import { boundingBoxAround, boxCoversEarth } from './bounding-box.js';
import { nearestRestrooms, restroomDistanceMilesExact, type Locatable } from './distance.js';

/**
 * A tenth of a mile: downtown, where listings are densest, holds a page of them within it, and each
 * row read costs, so elsewhere the circle rather widens in a few steps that read next to nothing.
 */
export const FIRST_SEARCH_RADIUS_MILES = 0.1;

/**
 * The `k` rows nearest `origin`, exactly as `nearestRestrooms` would rank every row, while asking
 * `rowsInBox` only for the rows inside a box drawn around a circle on the origin. The search ends
 * once the k-th nearest row found lies on or within the circle: every row outside the box is farther
 * than the radius, so none of them could have ranked among the k, nor tied with the last. Until
 * then the circle doubles, or, once the box holds k rows, grows straight to the k-th one's distance
 * (k rows lie within it, so that box is the last). Equal distances keep the order `rowsInBox` gives,
 * so it should give a stable one.
 */
export async function nearestByWideningBox<T extends Locatable>(
  rowsInBox: (box: BoundingBox) => Promise<readonly T[]>,
  origin: LatLng,
  k: number,
  firstRadiusMiles: number = FIRST_SEARCH_RADIUS_MILES,
): Promise<Array<T & { distance: number }>> {
  for (let radius = firstRadiusMiles; ; ) {
    const box = boundingBoxAround(origin, radius);
    const nearest = nearestRestrooms(await rowsInBox(box), origin, k);
    const kthMiles = exactMiles(origin, nearest[k - 1]);
    if (boxCoversEarth(box) || kthMiles <= radius) return nearest;
    radius = Number.isFinite(kthMiles) ? kthMiles : radius * 2;
  }
}

/** Unrounded distance to a row, or infinity when there is no such row or it has no position. */
function exactMiles(origin: LatLng, row: Locatable | undefined): number {
  if (row === undefined || row.latitude === null || row.longitude === null) return Number.POSITIVE_INFINITY;
  return restroomDistanceMilesExact(origin, { lat: row.latitude, lng: row.longitude });
}
