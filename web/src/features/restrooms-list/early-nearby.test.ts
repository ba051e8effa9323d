import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactRestroom, type LatLng } from '@allstall/shared';
import { makeRestroom } from '@/test/fixtures';
import { askNearby, askNearbyEarly, markRestroomsSaved } from './early-nearby';

const SEATTLE = { lat: 47.6062, lng: -122.3321 };
let asked: LatLng[];
const rows = [compactRestroom(makeRestroom({ name: 'Seattle Central Library' }))];
const api = {
  nearbyRestrooms: async (at: LatLng) => {
    asked.push(at);
    return rows;
  },
};

function browserWith(permission: PermissionState) {
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: async () => ({ state: permission }) },
    geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: SEATTLE.lat, longitude: SEATTLE.lng } } as GeolocationPosition) },
  });
}

beforeEach(() => {
  localStorage.clear();
  asked = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the nearby answer asked before the first render', () => {
  it('is asked once on a fresh device with the position granted, rounded to 100 m, and taken by the list for the same place', async () => {
    browserWith('granted');
    await askNearbyEarly(api);
    expect(asked).toEqual([{ lat: 47.606, lng: -122.332 }]);

    expect(await askNearby(api, { lat: 47.60618, lng: -122.33205 })).toEqual(rows);
    expect(asked).toHaveLength(1);
    // Taken once: the next question is asked again.
    await askNearby(api, SEATTLE);
    expect(asked).toHaveLength(2);
  });

  it('goes unused for another place, which is asked for itself', async () => {
    browserWith('granted');
    await askNearbyEarly(api);
    await askNearby(api, { lat: 44.98, lng: -93.264 });
    expect(asked).toEqual([
      { lat: 47.606, lng: -122.332 },
      { lat: 44.98, lng: -93.264 },
    ]);
  });

  it('is not asked on a device that once saved every restroom, nor before the person has granted their position', async () => {
    browserWith('granted');
    markRestroomsSaved();
    await askNearbyEarly(api);
    browserWith('prompt');
    localStorage.clear();
    await askNearbyEarly(api);
    expect(asked).toEqual([]);
  });
});
