import { describe, expect, it } from 'vitest';
import { clientConfigFor, DEFAULT_REGION, DEFAULT_TILE_URL, type ClientConfig } from '@allstall/shared';
import { completeClientConfig, FALLBACK_CLIENT_CONFIG } from './client-config';

describe('completeClientConfig', () => {
  it('keeps a whole copy as it is', () => {
    const kept = clientConfigFor({ authorName: 'A', tileUrl: DEFAULT_TILE_URL, tileAttribution: 'T' }, { ...DEFAULT_REGION, name: 'Chicago', units: 'km', mapZoom: 12, listOriginName: 'the Loop' });
    expect(completeClientConfig(kept)).toEqual(kept);
  });

  it('fills in what an older app kept no copy of: zoom, units and country from the launch region, the origin name from the kept name', () => {
    // What an app before the region became configuration kept: no zoom, units, country or origin name.
    const old = {
      authorName: 'A',
      tileUrl: DEFAULT_TILE_URL,
      tileAttribution: 'T',
      region: { name: 'Chicago', state: 'IL', timeZone: 'America/Chicago', mapCenter: { lat: 41.88, lng: -87.63 }, listOrigin: { lat: 41.88, lng: -87.62 } },
    } as unknown as ClientConfig;
    expect(completeClientConfig(old).region).toEqual({
      name: 'Chicago',
      state: 'IL',
      country: 'US',
      timeZone: 'America/Chicago',
      mapCenter: { lat: 41.88, lng: -87.63 },
      mapZoom: FALLBACK_CLIENT_CONFIG.region.mapZoom,
      listOrigin: { lat: 41.88, lng: -87.62 },
      listOriginName: 'downtown Chicago',
      units: 'mi',
    });
  });
});
