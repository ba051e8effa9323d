import { describe, expect, it } from 'vitest';
import { placeNamesAreSimilar, restroomAtPlace, type PlaceCandidate } from './same-place.js';

describe('placeNamesAreSimilar', () => {
  it.each([
    ['Walker Art Center', 'walker art center'],
    ['The Walker Art Center', 'Walker Art Center'],
    ["Brit's Pub", 'Brits Pub & Eating Establishment'],
    ['Caribou Coffee', 'Caribou Coffee - Nicollet Mall'],
    ['Hennepin County Library – Minneapolis Central', 'Minneapolis Central Library'],
    ['Café Mélange', 'cafe melange'],
    ['Target Center', 'Target Center restrooms'],
  ])('treats "%s" and "%s" as the same name', (a, b) => {
    expect(placeNamesAreSimilar(a, b)).toBe(true);
    expect(placeNamesAreSimilar(b, a)).toBe(true);
  });

  it.each([
    ['Starbucks', 'Caribou Coffee'],
    ['Mill City Museum', 'Mill City Farmers Market'],
    ['Cafe', 'Cafeteria'],
    ['Coffee Shop', 'Bean Coffee'],
    ['Public Restroom', 'Restroom'],
    ['', 'Walker Art Center'],
  ])('tells "%s" and "%s" apart', (a, b) => {
    expect(placeNamesAreSimilar(a, b)).toBe(false);
  });
});

describe('restroomAtPlace', () => {
  // Walker Art Center, 725 Vineland Place, Minneapolis.
  const place = { place_id: 'osm:W123', name: 'Walker Art Center', geometry: { location: { lat: 44.96814, lng: -93.28867 } } };
  const candidate = (overrides: Partial<PlaceCandidate>): PlaceCandidate => ({
    place_id: null,
    name: 'Walker Art Center',
    latitude: place.geometry.location.lat,
    longitude: place.geometry.location.lng,
    ...overrides,
  });
  // 0.0001 degrees of latitude is about 11 metres.
  const metresNorth = (metres: number) => place.geometry.location.lat + metres / 111_200;

  it('finds the restroom stored with the same place id, wherever and whatever it is called', () => {
    const stored = candidate({ place_id: 'osm:W123', name: 'Gallery toilets', latitude: metresNorth(500) });
    expect(restroomAtPlace(place, [candidate({ name: 'Something else' }), stored])).toBe(stored);
  });

  it('finds a restroom within 30 m with a similar name', () => {
    const near = candidate({ name: 'The Walker Art Center restrooms', latitude: metresNorth(20) });
    expect(restroomAtPlace(place, [near])).toBe(near);
  });

  it('prefers the nearest of several matches', () => {
    const farther = candidate({ latitude: metresNorth(25) });
    const nearer = candidate({ latitude: metresNorth(5) });
    expect(restroomAtPlace(place, [farther, nearer])).toBe(nearer);
  });

  it('does not match a differently named restroom within 30 m', () => {
    expect(restroomAtPlace(place, [candidate({ name: 'Spoonbridge Cafe', latitude: metresNorth(10) })])).toBeUndefined();
  });

  it('does not match the same name 100 m away', () => {
    expect(restroomAtPlace(place, [candidate({ latitude: metresNorth(100) })])).toBeUndefined();
  });

  it('skips restrooms without coordinates', () => {
    expect(restroomAtPlace(place, [candidate({ latitude: null, longitude: null })])).toBeUndefined();
  });
});
