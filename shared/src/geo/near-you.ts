import type { LatLng } from '../schemas/config.js';
import { EARTH_RADIUS_MILES, restroomDistanceMilesExact } from './distance.js';

/**
 * How far a restroom may stand from the person and still be near them (docs/product-rules.md#list):
 * while a first sync is still saving, a nearest restroom further than this may only be the nearest
 * of what has arrived, and the list says so.
 */
export const NEAR_YOU_MILES = 15;

/** Miles along a meridian per degree of latitude: no two points closer than their latitude gap. */
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/**
 * Whether any row stands within `miles` of `origin` (its unrounded distance at most `miles`), over
 * position columns (NaN for a row without a position) and the rows `include` keeps. A scan, not a
 * nearest-first walk: the map view answers it without ordering the rows, and a row outside the
 * latitude band is passed over without measuring it.
 */
export function anyWithinMiles(
  latitudes: ArrayLike<number>,
  longitudes: ArrayLike<number>,
  origin: LatLng,
  miles: number,
  include: (at: number) => boolean = () => true,
): boolean {
  // A hair wider than exact, so a row at the band's very edge is measured rather than passed over.
  const band = miles / MILES_PER_DEGREE + 1e-9;
  for (let at = 0; at < latitudes.length; at++) {
    const lat = latitudes[at]!;
    // NaN fails every comparison, so a row without a position is passed over here too.
    if (!(Math.abs(lat - origin.lat) <= band)) continue;
    const lng = longitudes[at]!;
    if (Number.isNaN(lng) || !include(at)) continue;
    if (restroomDistanceMilesExact(origin, { lat, lng }) <= miles) return true;
  }
  return false;
}
