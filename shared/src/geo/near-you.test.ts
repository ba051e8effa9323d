import { describe, expect, it } from 'vitest';
import type { LatLng } from '../schemas/config.js';
import { restroomDistanceMilesExact } from './distance.js';
import { anyWithinMiles, NEAR_YOU_MILES } from './near-you.js';

/** Deterministic noise in [0, 1) from a counter, so a failing case is the same on every run. */
function noise(seed: number): () => number {
  let counter = seed;
  return () => {
    const x = Math.sin(++counter * 12.9898) * 43758.5453;
    return x - Math.floor(x);
  };
}

const columns = (points: ReadonlyArray<LatLng | null>) => ({
  latitudes: Float64Array.from(points, (point) => point?.lat ?? Number.NaN),
  longitudes: Float64Array.from(points, (point) => point?.lng ?? Number.NaN),
});

const SEATTLE: LatLng = { lat: 47.6062, lng: -122.3321 };
const MINNEAPOLIS: LatLng = { lat: 44.97997, lng: -93.26384 };

describe('anyWithinMiles', () => {
  it('finds nothing near a person in Seattle among restrooms in the Twin Cities, and one once a Seattle restroom is among them', () => {
    const twinCities = Array.from({ length: 50 }, (_, at) => ({ lat: MINNEAPOLIS.lat + (at % 7) * 0.01, lng: MINNEAPOLIS.lng - Math.floor(at / 7) * 0.02 }));
    const only = columns(twinCities);
    expect(anyWithinMiles(only.latitudes, only.longitudes, SEATTLE, NEAR_YOU_MILES)).toBe(false);
    // About 1,380 miles away: within a larger radius, they count.
    expect(anyWithinMiles(only.latitudes, only.longitudes, SEATTLE, 1400)).toBe(true);
    const withPikePlace = columns([...twinCities, { lat: 47.6097, lng: -122.3422 }]);
    expect(anyWithinMiles(withPikePlace.latitudes, withPikePlace.longitudes, SEATTLE, NEAR_YOU_MILES)).toBe(true);
  });

  it('counts a restroom exactly at the radius, and not one a hair beyond it', () => {
    const east = { lat: SEATTLE.lat, lng: SEATTLE.lng + 0.3 };
    const { latitudes, longitudes } = columns([east]);
    const exact = restroomDistanceMilesExact(SEATTLE, east);
    expect(anyWithinMiles(latitudes, longitudes, SEATTLE, exact)).toBe(true);
    expect(anyWithinMiles(latitudes, longitudes, SEATTLE, exact * (1 - 1e-9))).toBe(false);
    // Due north, at the edge of the latitude band the scan passes over rows beyond.
    const north = { lat: SEATTLE.lat + 0.2, lng: SEATTLE.lng };
    const northward = columns([north]);
    expect(anyWithinMiles(northward.latitudes, northward.longitudes, SEATTLE, restroomDistanceMilesExact(SEATTLE, north))).toBe(true);
  });

  it('passes over restrooms without a position and those `include` leaves out', () => {
    const { latitudes, longitudes } = columns([null, { lat: SEATTLE.lat, lng: Number.NaN }, { lat: SEATTLE.lat + 0.01, lng: SEATTLE.lng }]);
    expect(anyWithinMiles(latitudes, longitudes, SEATTLE, 1)).toBe(true);
    expect(anyWithinMiles(latitudes, longitudes, SEATTLE, 1, (at) => at !== 2)).toBe(false);
    expect(anyWithinMiles(new Float64Array(0), new Float64Array(0), SEATTLE, NEAR_YOU_MILES)).toBe(false);
  });

  it('answers as measuring every restroom would, anywhere on the globe, across the antimeridian and near the poles', () => {
    const random = noise(7);
    for (let trial = 0; trial < 300; trial++) {
      const origin = { lat: -89 + random() * 178, lng: -180 + random() * 360 };
      const points = Array.from({ length: 40 }, () => ({
        lat: Math.max(-90, Math.min(90, origin.lat + (random() - 0.5) * 2)),
        lng: ((origin.lng + (random() - 0.5) * 4 + 540) % 360) - 180,
      }));
      const { latitudes, longitudes } = columns(points);
      const miles = random() * 60;
      const truth = points.some((point) => restroomDistanceMilesExact(origin, point) <= miles);
      expect(anyWithinMiles(latitudes, longitudes, origin, miles), JSON.stringify({ origin, miles })).toBe(truth);
    }
  });
});
