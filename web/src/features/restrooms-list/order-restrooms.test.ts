import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION } from '@allstall/shared';
import { makeRestroom } from '../../test/fixtures';
import { distanceText, orderRestrooms } from './order-restrooms';

const origin = DEFAULT_REGION.listOrigin;

describe('orderRestrooms', () => {
  it('puts the nearest first and measures in miles with 2 decimals', () => {
    const far = makeRestroom({ name: 'Far', latitude: 44.95, longitude: -93.3 });
    const near = makeRestroom({ name: 'Near', latitude: 44.9801, longitude: -93.2639 });
    const middle = makeRestroom({ name: 'Middle', latitude: 44.975, longitude: -93.27 });

    const ordered = orderRestrooms([far, near, middle], origin);

    expect(ordered.map((r) => r.name)).toEqual(['Near', 'Middle', 'Far']);
    for (const row of ordered) expect(row.distance).toBe(Math.round((row.distance ?? NaN) * 100) / 100);
    expect(ordered[0]!.distance).toBeLessThan(0.05);
  });

  it('keeps listings without coordinates, after the measured ones, by name', () => {
    const placed = makeRestroom({ name: 'Placed' });
    const zed = makeRestroom({ name: 'Zed', latitude: null, longitude: null });
    const abe = makeRestroom({ name: 'Abe', latitude: null, longitude: null });

    const ordered = orderRestrooms([zed, placed, abe], origin);

    expect(ordered.map((r) => [r.name, r.distance === null])).toEqual([
      ['Placed', false],
      ['Abe', true],
      ['Zed', true],
    ]);
  });

  it('leaves out rows that are not publicly visible', () => {
    const rows = [
      makeRestroom({ name: 'Shown' }),
      makeRestroom({ name: 'Removed', is_removed: true }),
      makeRestroom({ name: 'Pending', status: 'pending' }),
    ];
    expect(orderRestrooms(rows, origin).map((r) => r.name)).toEqual(['Shown']);
  });

  it('moves the order when the origin moves', () => {
    const north = makeRestroom({ name: 'North', latitude: 45.05, longitude: -93.26 });
    const south = makeRestroom({ name: 'South', latitude: 44.9, longitude: -93.26 });
    expect(orderRestrooms([north, south], { lat: 45.06, lng: -93.26 })[0]!.name).toBe('North');
    expect(orderRestrooms([north, south], { lat: 44.89, lng: -93.26 })[0]!.name).toBe('South');
  });
});

describe('distanceText', () => {
  it('always shows two decimals', () => {
    expect(distanceText(0.1)).toBe('0.10 mi');
    expect(distanceText(12.345)).toBe('12.35 mi');
  });
});
