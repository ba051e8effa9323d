import { describe, expect, it } from 'vitest';
import type { LatLng } from '../schemas/config.js';
import { boundingBoxAround, boxCoversEarth, WHOLE_EARTH } from './bounding-box.js';
import { EARTH_RADIUS_MILES, restroomDistanceMilesExact } from './distance.js';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `miles` from `start` along the great circle leaving it at `bearing` degrees. */
function destination(start: LatLng, bearing: number, miles: number): LatLng {
  const angular = miles / EARTH_RADIUS_MILES;
  const lat1 = toRadians(start.lat);
  const theta = toRadians(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta));
  const dLng = Math.atan2(Math.sin(theta) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  const lng = ((toDegrees(toRadians(start.lng) + dLng) + 540) % 360) - 180;
  return { lat: toDegrees(lat2), lng };
}

const inside = (box: ReturnType<typeof boundingBoxAround>, point: LatLng) =>
  point.lat >= box.south && point.lat <= box.north && point.lng >= box.west && point.lng <= box.east;

describe('boundingBoxAround', () => {
  const centres: LatLng[] = [
    { lat: 44.97997, lng: -93.26384 },
    { lat: 0, lng: 0 },
    { lat: -33.86, lng: 151.21 },
    { lat: 69.65, lng: 18.96 },
  ];

  it.each(centres)('holds every point on the rim of the circle around %o, at every bearing and radius', (centre) => {
    for (const miles of [0.01, 0.5, 3, 40, 600]) {
      const box = boundingBoxAround(centre, miles);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        const rim = destination(centre, bearing, miles);
        expect(restroomDistanceMilesExact(centre, rim)).toBeCloseTo(miles, 6);
        expect(inside(box, rim), `${miles} mi at ${bearing}°`).toBe(true);
      }
    }
  });

  it('is tight: its edges are touched by the circle, so the prefilter lets few extra rows through', () => {
    const centre = { lat: 44.97997, lng: -93.26384 };
    const box = boundingBoxAround(centre, 3);
    expect(box.north).toBeCloseTo(destination(centre, 0, 3).lat, 5);
    expect(box.south).toBeCloseTo(destination(centre, 180, 3).lat, 5);
    const eastmost = Math.max(...Array.from({ length: 3600 }, (_, i) => destination(centre, i / 10, 3).lng));
    expect(box.east).toBeCloseTo(eastmost, 5);
    expect(box.west).toBeCloseTo(2 * centre.lng - eastmost, 5);
  });

  it('takes every longitude when the circle reaches over a pole', () => {
    const box = boundingBoxAround({ lat: 89.9, lng: 10 }, 20);
    expect(box).toMatchObject({ north: 90, west: -180, east: 180 });
    expect(box.south).toBeCloseTo(89.9 - toDegrees(20 / EARTH_RADIUS_MILES), 5);
  });

  it('takes every longitude rather than splitting the box at the antimeridian', () => {
    const box = boundingBoxAround({ lat: -17.7, lng: 179.99 }, 5);
    expect(box).toMatchObject({ west: -180, east: 180 });
    expect(inside(box, destination({ lat: -17.7, lng: 179.99 }, 90, 4))).toBe(true);
  });

  it('covers the whole Earth once the radius reaches the far side of the globe, and not before', () => {
    expect(boxCoversEarth(boundingBoxAround({ lat: 44.98, lng: -93.26 }, Math.PI * EARTH_RADIUS_MILES))).toBe(true);
    expect(boxCoversEarth(boundingBoxAround({ lat: 44.98, lng: -93.26 }, 3000))).toBe(false);
    expect(boxCoversEarth(WHOLE_EARTH)).toBe(true);
  });
});
