import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION } from '@allstall/shared';
import { timeZoneAt } from '../../../api/src/geo/time-zone.js';
import { COUNTRY_LAYOUT, COUNTRY_MAX_SPREADS, COUNTRY_METROS } from './country-layout.js';
import { syntheticListings, type SyntheticRestroom } from './synthetic-restrooms.js';

const ROWS = 5_000;
const countryRows = (seed?: number): SyntheticRestroom[] => [...syntheticListings(ROWS, seed, COUNTRY_LAYOUT)].map(({ restroom }) => restroom);

/** Great-circle distance in km (plenty for a few km). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const metroOf = (row: SyntheticRestroom) => COUNTRY_METROS.find((metro) => metro.city === row.city && metro.state === row.state);
const at = (row: SyntheticRestroom) => ({ lat: row.latitude, lng: row.longitude });

describe('the Twin Cities layout of the bench', () => {
  it('still gives the rows of the runs before the country layout, without a zone of their own, so their figures compare', () => {
    const rows = [...syntheticListings(1000)].map(({ restroom }) => restroom);
    // The 1,000th row of the default seed, as the generator gave it before layouts.
    expect(rows.at(-1)).toMatchObject({ id: '0184618b-1411-72a6-a08d-8641f910592c', name: 'Powderhorn Public Library', city: 'Eden Prairie', latitude: 44.820513, longitude: -93.486415 });
    expect(rows.every((row) => row.time_zone === null && row.state === 'MN')).toBe(true);
  });
});

describe('the country layout of the bench', () => {
  const rows = countryRows();

  it('gives the same rows for the same seed, and others for another seed', () => {
    expect(countryRows()).toEqual(rows);
    expect(countryRows(7).map(at)).not.toEqual(rows.map(at));
  });

  it('puts exactly four in five listings in the twenty metros, evenly, and one in five in the Twin Cities', () => {
    expect(COUNTRY_METROS).toHaveLength(20);
    const perMetro = new Map<string, number>();
    let twinCities = 0;
    for (const row of rows) {
      const metro = metroOf(row);
      if (metro === undefined) twinCities++;
      else perMetro.set(metro.city, (perMetro.get(metro.city) ?? 0) + 1);
    }
    expect(twinCities).toBe(ROWS / 5);
    expect(perMetro.size).toBe(20);
    for (const count of perMetro.values()) expect(count).toBe((ROWS * 0.8) / 20);
  });

  it("gives each listing its metro's IANA zone, over five clocks, the Twin Cities' America/Chicago", () => {
    expect(new Set(rows.map((row) => row.time_zone))).toEqual(
      new Set(['America/New_York', 'America/Indiana/Indianapolis', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'Pacific/Honolulu']),
    );
    for (const row of rows) expect(row.time_zone).toBe(metroOf(row)?.timeZone ?? 'America/Chicago');
    // Five distinct clocks in January (Phoenix keeps Mountain Standard Time, as Denver then does).
    const january = new Date('2027-01-15T18:00:00Z');
    const clock = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(january);
    expect(new Set(rows.map((row) => clock(row.time_zone!))).size).toBe(5);
  });

  it('names each metro with the zone the api itself finds at its downtown and at its listings', () => {
    for (const metro of COUNTRY_METROS) expect(timeZoneAt(metro.lat, metro.lng), metro.city).toBe(metro.timeZone);
    // Every 25th metro listing: the api's geo-tz lookup, which answers a nautical zone at sea.
    const metroRows = rows.filter((row) => metroOf(row) !== undefined);
    for (const row of metroRows.filter((_, index) => index % 25 === 0)) expect(timeZoneAt(row.latitude, row.longitude), row.city).toBe(row.time_zone);
  });

  it('keeps every listing near its metro, and the Twin Cities listings near downtown Minneapolis, far from most', () => {
    let far = 0;
    for (const row of rows) {
      const metro = metroOf(row);
      if (metro === undefined) {
        expect(row.state).toBe('MN');
        expect(distanceKm(at(row), DEFAULT_REGION.listOrigin)).toBeLessThan(60);
      } else {
        expect(distanceKm(at(row), metro), metro.city).toBeLessThanOrEqual(metro.spreadKm * COUNTRY_MAX_SPREADS + 0.001);
        if (distanceKm(at(row), DEFAULT_REGION.listOrigin) > 500) far++;
      }
    }
    // The nearest metro, Chicago, is about 570 km from downtown Minneapolis.
    expect(far).toBe(rows.length * 0.8);
  });
});
