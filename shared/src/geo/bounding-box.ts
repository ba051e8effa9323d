import type { LatLng } from '../schemas/config.js';
import type { BoundingBox } from '../region.js';
import { EARTH_RADIUS_MILES } from './distance.js';

/** The whole of the Earth as a latitude/longitude box. */
export const WHOLE_EARTH: Readonly<BoundingBox> = { south: -90, north: 90, west: -180, east: 180 };

/**
 * About 10 cm of slack on every side, so a point on the circle's rim that floating-point error puts a
 * hair outside the exact box is still inside: the box may hold a few extra points, never too few.
 */
const SLACK_DEGREES = 1e-6;

const toDegrees = (radians: number): number => (radians * 180) / Math.PI;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/**
 * The smallest latitude/longitude box that holds every point within `radiusMiles` (great-circle) of
 * `center`, so a database can prefilter on two indexed ranges before exact distances are measured.
 * A circle reaching over a pole holds every longitude there. A box that would cross the
 * antimeridian is widened to every longitude instead of split in two: both are correct, and nobody
 * is listing restrooms on the date line.
 */
export function boundingBoxAround(center: LatLng, radiusMiles: number): BoundingBox {
  const angular = radiusMiles / EARTH_RADIUS_MILES;
  const lat = toRadians(center.lat);
  const south = lat - angular;
  const north = lat + angular;
  if (south <= -Math.PI / 2 || north >= Math.PI / 2) {
    return { ...WHOLE_EARTH, south: Math.max(-90, toDegrees(south) - SLACK_DEGREES), north: Math.min(90, toDegrees(north) + SLACK_DEGREES) };
  }
  // The meridians that touch the circle: where its widest east-west reach lies (not at the centre's latitude).
  const halfWidth = toDegrees(Math.asin(Math.sin(angular) / Math.cos(lat))) + SLACK_DEGREES;
  const west = center.lng - halfWidth;
  const east = center.lng + halfWidth;
  const crossesAntimeridian = west < -180 || east > 180;
  return {
    south: toDegrees(south) - SLACK_DEGREES,
    north: toDegrees(north) + SLACK_DEGREES,
    west: crossesAntimeridian ? -180 : west,
    east: crossesAntimeridian ? 180 : east,
  };
}

/** Whether the box leaves nothing out, so widening it further cannot find more. */
export function boxCoversEarth(box: BoundingBox): boolean {
  return box.south <= WHOLE_EARTH.south && box.north >= WHOLE_EARTH.north && box.west <= WHOLE_EARTH.west && box.east >= WHOLE_EARTH.east;
}
