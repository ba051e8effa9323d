import { describe, expect, it } from 'vitest';
import { clientConfigFor, DEFAULT_REGION, DEFAULT_TILE_URL, type ClientConfig } from '@allstall/shared';
import { clientConfigInLanguage, completeClientConfig, FALLBACK_CLIENT_CONFIG } from './client-config';

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
      listOriginNames: { es: 'el centro de Chicago' },
      units: 'mi',
    });
  });

  it('lets a kept origin name with no names per language serve every language', () => {
    const kept = clientConfigFor({ authorName: 'A', tileUrl: DEFAULT_TILE_URL, tileAttribution: 'T' }, { ...DEFAULT_REGION, listOriginName: 'the State Capitol' });
    const { listOriginNames: _names, ...olderRegion } = kept.region;
    const completed = completeClientConfig({ ...kept, region: olderRegion } as ClientConfig);
    expect(clientConfigInLanguage(completed, 'es').region.listOriginName).toBe('the State Capitol');
  });
});

describe('the list origin’s name per language', () => {
  const config = clientConfigFor({ authorName: 'A', tileUrl: DEFAULT_TILE_URL, tileAttribution: 'T' });

  it('says the launch region’s origin in English and in Spanish', () => {
    expect(clientConfigInLanguage(config, 'en').region.listOriginName).toBe('downtown Minneapolis');
    expect(clientConfigInLanguage(config, 'es').region.listOriginName).toBe('el centro de Minneapolis');
  });

  it('falls back to the name for any language where a language has none of its own', () => {
    const capitol = clientConfigFor(config, { ...DEFAULT_REGION, listOriginName: 'the State Capitol', listOriginNames: { fr: 'le Capitole' } });
    expect(clientConfigInLanguage(capitol, 'es').region.listOriginName).toBe('the State Capitol');
    expect(clientConfigInLanguage(capitol, 'fr').region.listOriginName).toBe('le Capitole');
    // A name such as 'constructor' is a language no one configured, not a property of every object.
    expect(clientConfigInLanguage(capitol, 'constructor').region.listOriginName).toBe('the State Capitol');
  });
});
