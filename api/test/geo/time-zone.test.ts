import { describe, expect, it } from 'vitest';
import { timeZoneAt } from '../../src/geo/time-zone.js';

describe('timeZoneAt', () => {
  it('finds Chicago and Denver on their own clocks', () => {
    expect(timeZoneAt(41.8781, -87.6298)).toBe('America/Chicago');
    expect(timeZoneAt(39.7392, -104.9903)).toBe('America/Denver');
    expect(timeZoneAt(44.9778, -93.265)).toBe('America/Chicago'); // Minneapolis
  });

  it('answers by the side of the Central/Mountain line a point stands on, a few km either way', () => {
    // Pierre (Central) and Fort Pierre (Mountain) face each other across the Missouri, 2 km apart.
    expect(timeZoneAt(44.3683, -100.351)).toBe('America/Chicago');
    expect(timeZoneAt(44.3539, -100.3737)).toBe('America/Denver');
    // The Keith/Lincoln county line in Nebraska, at 101.27°W: 2.5 km west is Mountain, on it Central.
    expect(timeZoneAt(41.1, -101.3)).toBe('America/Denver');
    expect(timeZoneAt(41.1, -101.25)).toBe('America/Chicago');
  });

  it('tells Arizona without daylight saving from the Navajo Nation with it', () => {
    expect(timeZoneAt(35.1983, -111.6513)).toBe('America/Phoenix'); // Flagstaff
    expect(timeZoneAt(36.1536, -109.5387)).toBe('America/Denver'); // Chinle, Navajo Nation
  });

  it("names Indiana's own zones, on both sides of its Central/Eastern line", () => {
    expect(timeZoneAt(41.6764, -86.252)).toBe('America/Indiana/Indianapolis'); // South Bend, Eastern
    expect(timeZoneAt(41.5934, -87.3464)).toBe('America/Chicago'); // Gary, Central
  });

  it('gives a nautical zone at sea, which Intl reads as a fixed offset', () => {
    const zone = timeZoneAt(0, -30);
    expect(zone).toBe('Etc/GMT+2');
    expect(new Intl.DateTimeFormat('en-US', { timeZone: zone!, hour: 'numeric', hourCycle: 'h23' }).format(new Date('2026-11-24T12:00:00Z'))).toBe('10');
  });

  it('gives null without a position or outside the globe', () => {
    expect(timeZoneAt(null, -93.26)).toBeNull();
    expect(timeZoneAt(44.97, null)).toBeNull();
    expect(timeZoneAt(null, null)).toBeNull();
    expect(timeZoneAt(91, 0)).toBeNull();
    expect(timeZoneAt(0, 181)).toBeNull();
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
  });

  it('gives every zone it answers as one Intl knows', () => {
    for (let lat = -60; lat <= 70; lat += 13) {
      for (let lng = -170; lng <= 170; lng += 17) {
        const zone = timeZoneAt(lat, lng);
        expect(zone, `${lat},${lng}`).not.toBeNull();
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone! }), `${zone} at ${lat},${lng}`).not.toThrow();
      }
    }
  });
});
