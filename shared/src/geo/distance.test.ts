import { describe, expect, it } from 'vitest';
import { distanceInUnits, distanceText, nearestRestrooms, restroomDistanceMiles } from './distance.js';

describe('restroomDistanceMiles', () => {
  it('measures one degree of latitude as 69.09 miles', () => {
    expect(restroomDistanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBe(69.09);
  });

  it('matches the published London to Paris great-circle distance (about 213.5 miles)', () => {
    const d = restroomDistanceMiles({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 });
    expect(d).toBeGreaterThan(213.3);
    expect(d).toBeLessThan(213.7);
  });

  it('rounds to 2 decimals and is symmetric', () => {
    const a = { lat: 44.97997, lng: -93.26384 };
    const b = { lat: 44.9537, lng: -93.09 };
    const d = restroomDistanceMiles(a, b);
    expect(d).toBe(restroomDistanceMiles(b, a));
    expect(Math.round(d * 100) / 100).toBe(d);
    expect(d).toBeGreaterThan(8.5);
    expect(d).toBeLessThan(8.9);
  });

  it('is zero for the same point', () => {
    expect(restroomDistanceMiles({ lat: 44.9, lng: -93.2 }, { lat: 44.9, lng: -93.2 })).toBe(0);
  });
});

describe('nearestRestrooms', () => {
  const origin = { lat: 44.97997, lng: -93.26384 };
  const rows = [
    { id: 'far', latitude: 45.1, longitude: -93.4 },
    { id: 'none', latitude: null, longitude: null },
    { id: 'near', latitude: 44.98, longitude: -93.264 },
    { id: 'mid', latitude: 44.99, longitude: -93.27 },
  ];

  it('orders nearest first and drops rows without coordinates', () => {
    expect(nearestRestrooms(rows, origin).map((r) => r.id)).toEqual(['near', 'mid', 'far']);
  });

  it('returns only the k nearest, each with its distance in miles', () => {
    const nearest = nearestRestrooms(rows, origin, 2);
    expect(nearest.map((r) => r.id)).toEqual(['near', 'mid']);
    expect(nearest[0]!.distance).toBe(0.01);
    expect(nearest[1]!.distance).toBeGreaterThan(nearest[0]!.distance);
  });

  it('keeps the input order for equal distances and does not change the input', () => {
    const twins = [
      { id: 'a', latitude: 45, longitude: -93 },
      { id: 'b', latitude: 45, longitude: -93 },
    ];
    expect(nearestRestrooms(twins, origin).map((r) => r.id)).toEqual(['a', 'b']);
    expect(twins[0]).not.toHaveProperty('distance');
  });
});

describe('distance in the deployment’s units', () => {
  it('writes miles as the product always has, 2 decimals and "mi"', () => {
    expect(distanceText(0.1, 'mi')).toBe('0.10 mi');
    expect(distanceText(12.345, 'mi')).toBe('12.35 mi');
    expect(distanceInUnits(0.42, 'mi')).toBe(0.42);
  });

  it('converts to kilometres at 1.609344 per mile, rounded to 2 decimals, "km"', () => {
    expect(distanceInUnits(1, 'km')).toBe(1.61);
    expect(distanceText(0.42, 'km')).toBe('0.68 km');
    expect(distanceText(0, 'km')).toBe('0.00 km');
    // One degree of latitude: 69.09 miles, 111.19 km.
    expect(distanceText(restroomDistanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }), 'km')).toBe('111.19 km');
  });
});

describe('distanceText in Spanish', () => {
  it('writes the figure with a decimal comma, the units unchanged', () => {
    expect(distanceText(0.42, 'mi', 'es')).toBe('0,42 mi');
    expect(distanceText(1, 'km', 'es-MX')).toBe('1.61 km');
    expect(distanceText(0.42, 'mi')).toBe('0.42 mi');
  });
});
