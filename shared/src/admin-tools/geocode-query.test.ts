import { describe, expect, it } from 'vitest';
import { geocodeQueryOf, isInRegion } from './geocode-query.js';

describe('geocodeQueryOf', () => {
  it('asks by street address', () => {
    expect(geocodeQueryOf({ name: 'Central Library', street: ' 300 Nicollet Mall ', city: 'Minneapolis', state: 'MN' })).toBe(
      '300 Nicollet Mall, Minneapolis, MN',
    );
  });

  it('asks by name where the street is blank', () => {
    expect(geocodeQueryOf({ name: 'Walker Art Center', street: '', city: 'Minneapolis', state: '' })).toBe('Walker Art Center, Minneapolis');
  });

  it('has nothing to ask when name and street are blank', () => {
    expect(geocodeQueryOf({ name: ' ', street: '', city: 'Minneapolis', state: 'MN' })).toBeNull();
  });
});

describe('isInRegion', () => {
  it('believes a position in the Twin Cities', () => {
    expect(isInRegion({ lat: 44.9537, lng: -93.09 })).toBe(true);
  });

  it('refuses a position in another state', () => {
    expect(isInRegion({ lat: 41.8781, lng: -87.6298 })).toBe(false);
  });
});
