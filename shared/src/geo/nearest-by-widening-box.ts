import type { BoundingBox } from '../region.js';
import type { LatLng } from '../schemas/config.js';
import { boundingBoxAround, boxCoversEarth } from './bounding-box.js';
import { nearestRestrooms, restroomDistanceMilesExact, type Locatable } from './distance.js';

/** Half a mile: downtown, where most searches start, holds a page of listings within it. */
export const FIRST_SEARCH_RADIUS_MILES = 0.5;

/**
 * The `k` rows nearest `origin`, exactly as `nearestRestrooms` would rank every row, while asking
 * `rowsInBox` only for the rows inside a box around a circle whose radius doubles until the k-th
 * nearest row found lies on or within that circle. Every row outside the box is farther than the
 * radius, so none of them could have ranked among the k, nor tied with the last. Equal distances
 * keep the order `rowsInBox` gives, so it should give a stable one.
 */
export async function nearestByWideningBox<T extends Locatable>(
  rowsInBox: (box: BoundingBox) => Promise<readonly T[]>,
  origin: LatLng,
  k: number,
  firstRadiusMiles: number = FIRST_SEARCH_RADIUS_MILES,
): Promise<Array<T & { distance: number }>> {
  for (let radius = firstRadiusMiles; ; radius *= 2) {
    const box = boundingBoxAround(origin, radius);
    const nearest = nearestRestrooms(await rowsInBox(box), origin, k);
    if (boxCoversEarth(box) || kthIsWithin(nearest[k - 1], origin, radius)) return nearest;
  }
}

function kthIsWithin(kth: Locatable | undefined, origin: LatLng, radiusMiles: number): boolean {
  if (kth === undefined || kth.latitude === null || kth.longitude === null) return false;
  return restroomDistanceMilesExact(origin, { lat: kth.latitude, lng: kth.longitude }) <= radiusMiles;
}
