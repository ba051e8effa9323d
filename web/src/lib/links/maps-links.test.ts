import { describe, expect, it } from 'vitest';
import { directionsUrl, type Place } from './maps-links';
import { mapSearchUrl } from './maps-search-links';

const placed: Place = { latitude: 44.9778, longitude: -93.2650, street: '300 Nicollet Mall', city: 'Minneapolis', state: 'MN' };
const unplaced: Place = { ...placed, latitude: null, longitude: null };
const here = { lat: 44.95, lng: -93.29 };

/** The link's address and its query as a plain object, so a test reads what each service is told. */
function parts(href: string): { base: string; query: Record<string, string>; hash: string } {
  const url = new URL(href);
  return { base: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams), hash: url.hash };
}

describe('directionsUrl', () => {
  it('keeps Google’s link as it was: to the coordinates, from a real position only', () => {
    expect(parts(directionsUrl(placed, here, 'google'))).toEqual({
      base: 'https://www.google.com/maps/dir/',
      query: { api: '1', origin: '44.95,-93.29', destination: '44.9778,-93.265' },
      hash: '',
    });
    expect(parts(directionsUrl(placed, null, 'google')).query).toEqual({ api: '1', destination: '44.9778,-93.265' });
    // Google is what a link without a chosen app opens, as before the choice existed.
    expect(directionsUrl(placed)).toBe(directionsUrl(placed, null, 'google'));
  });

  it('asks Apple Maps for a walking route to the coordinates, from a real position only', () => {
    expect(parts(directionsUrl(placed, here, 'apple'))).toEqual({
      base: 'https://maps.apple.com/',
      query: { saddr: '44.95,-93.29', daddr: '44.9778,-93.265', dirflg: 'w' },
      hash: '',
    });
    expect(parts(directionsUrl(placed, null, 'apple')).query).toEqual({ daddr: '44.9778,-93.265', dirflg: 'w' });
  });

  it('asks OpenStreetMap for a walking route, leaving the start for the person when no position is known', () => {
    expect(parts(directionsUrl(placed, here, 'osm'))).toEqual({
      base: 'https://www.openstreetmap.org/directions',
      query: { engine: 'fossgis_osrm_foot', route: '44.95,-93.29;44.9778,-93.265' },
      hash: '',
    });
    expect(parts(directionsUrl(placed, null, 'osm')).query).toEqual({ engine: 'fossgis_osrm_foot', route: ';44.9778,-93.265' });
  });

  it('falls back to the street address, never the name, where the coordinates are unknown', () => {
    const address = '300 Nicollet Mall, Minneapolis, MN';
    expect(parts(directionsUrl(unplaced, null, 'google')).query.destination).toBe(address);
    expect(parts(directionsUrl(unplaced, null, 'apple')).query.daddr).toBe(address);
    expect(parts(directionsUrl(unplaced, here, 'osm')).query).toEqual({ engine: 'fossgis_osrm_foot', from: '44.95,-93.29', to: address });
  });
});

describe('mapSearchUrl', () => {
  it('shows the spot in each maps app', () => {
    expect(parts(mapSearchUrl(placed, 'google'))).toEqual({
      base: 'https://www.google.com/maps/search/',
      query: { api: '1', query: '44.9778,-93.265' },
      hash: '',
    });
    expect(parts(mapSearchUrl(placed, 'apple'))).toEqual({ base: 'https://maps.apple.com/', query: { q: '44.9778,-93.265' }, hash: '' });
    expect(parts(mapSearchUrl(placed, 'osm'))).toEqual({
      base: 'https://www.openstreetmap.org/',
      query: { mlat: '44.9778', mlon: '-93.265' },
      hash: '#map=18/44.9778/-93.265',
    });
  });

  it('searches for the street address where the coordinates are unknown', () => {
    const address = '300 Nicollet Mall, Minneapolis, MN';
    expect(parts(mapSearchUrl(unplaced, 'google')).query.query).toBe(address);
    expect(parts(mapSearchUrl(unplaced, 'apple')).query.q).toBe(address);
    expect(parts(mapSearchUrl(unplaced, 'osm'))).toEqual({ base: 'https://www.openstreetmap.org/search', query: { query: address }, hash: '' });
  });
});
