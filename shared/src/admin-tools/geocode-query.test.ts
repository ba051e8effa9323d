import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION } from '../region.js';
import { geocodeQueryOf, isInRegion } from './geocode-query.js';

describe('geocodeQueryOf', () => {
  it('asks by street and city', () => {
    expect(geocodeQueryOf({ name: 'Central Library', street: ' 300 Nicollet Mall ', city: 'Minneapolis' })).toBe('300 Nicollet Mall, Minneapolis');
  });

  it('asks by name where the street is blank', () => {
    expect(geocodeQueryOf({ name: 'Walker Art Center', street: '', city: 'Minneapolis' })).toBe('Walker Art Center, Minneapolis');
    expect(geocodeQueryOf({ name: 'Walker Art Center', street: ' ', city: '' })).toBe('Walker Art Center');
  });

  it('has nothing to ask when name and street are blank', () => {
    expect(geocodeQueryOf({ name: ' ', street: '', city: 'Minneapolis' })).toBeNull();
  });
});

describe('isInRegion', () => {
  it('believes a position in the Twin Cities', () => {
    expect(isInRegion({ lat: 44.9537, lng: -93.09 }, DEFAULT_REGION)).toBe(true);
  });

  it('refuses a position in another state', () => {
    expect(isInRegion({ lat: 41.8781, lng: -87.6298 }, DEFAULT_REGION)).toBe(false);
  });

  it('believes anywhere inside an import box, however far from the centre: a state-wide deployment', () => {
    const illinois = { mapCenter: { lat: 41.8819, lng: -87.6278 }, importBoxes: [{ south: 36.97, west: -91.51, north: 42.51, east: -87.02 }] };
    // Carbondale, about 300 miles south of Chicago.
    expect(isInRegion({ lat: 37.7273, lng: -89.2168 }, illinois)).toBe(true);
    expect(isInRegion({ lat: 44.9537, lng: -93.09 }, illinois)).toBe(false);
  });
});
