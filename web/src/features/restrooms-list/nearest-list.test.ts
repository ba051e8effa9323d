import { describe, expect, it } from 'vitest';
import {
  compactRestroom,
  DEFAULT_REGION,
  NEAR_YOU_MILES,
  nearestRestrooms,
  restroomDistanceMilesExact,
  restroomIsPublic,
  type HoursRange,
  type LatLng,
  type Restroom,
} from '@allstall/shared';
import { seededRandom } from '../../../bench/support/seeded-random';
import { makeRestroom } from '@/test/fixtures';
import { BATHROOMS_FILTER_KEYS, NO_FILTERS, restroomFilter, type BathroomsFilters } from './bathrooms-filters';
import { filterRestrooms, restroomPassesOnUnknown } from './bathrooms-filters-test-kit';
import { MirrorStore, type MirrorView } from '@/lib/sync/mirror-store';
import { rankBy, searchByHand } from '@/test/search-by-hand';
import { nearestList as nearestListOver, type NearestList } from './nearest-list';
import type { ListedRestroom } from '@/lib/restrooms/listed-restroom';

/** Every row of the list, in its order (the screens only ever ask for a page of them). */
const everyRow = (list: NearestList) => list.first(list.length);

/**
 * The list over a mirror holding `rows`, stored in reverse: the store keeps no order, and equal
 * distances must still come out in id order.
 */
function nearestList(rows: readonly Restroom[], origin: LatLng, decorate?: (row: ListedRestroom) => ListedRestroom) {
  return nearestListOver(mirrorOf(rows), origin, decorate);
}

function mirrorOf(rows: readonly Restroom[]): MirrorView {
  // Format 4 rows only: the device's upgrades rewrite older rows (shorter, without `access` or `fee`) before any list reads them.
  return new MirrorStore().loadRows(rows.map(compactRestroom).reverse()).getView()!;
}

const zone = DEFAULT_REGION.timeZone;
const downtown = DEFAULT_REGION.listOrigin;
const NAMES = ['Cafe', 'café', 'Library', 'Zoo', 'Arena', 'arena', 'Park'];
/** A deployment across zones; null is a restroom whose zone is unknown, read on the region's. */
const ZONES = [null, 'America/Chicago', 'America/Denver', 'America/New_York', 'America/Phoenix', 'Etc/GMT+2'];

/** A mirror as sync leaves it: most rows placed around downtown, some sharing a spot, some unplaced, a few hidden. */
function randomMirror(random: () => number, count: number): Restroom[] {
  const rows: Restroom[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random();
    const twin = rows.length > 0 && roll < 0.15 ? rows[Math.floor(random() * rows.length)]! : null;
    rows.push(
      makeRestroom({
        id: `r${String(i).padStart(5, '0')}`,
        name: NAMES[Math.floor(random() * NAMES.length)]!,
        latitude: roll > 0.95 ? null : twin ? twin.latitude : downtown.lat + (random() - 0.5) * 0.4,
        longitude: roll > 0.95 ? null : twin ? twin.longitude : downtown.lng + (random() - 0.5) * 0.6,
        unisex: answer(random, 0.4, 0.3),
        accessible: answer(random, 0.4, 0.2),
        changing_table: answer(random, 0.3, 0.2),
        is_single_stall: answer(random, 0.3, 0.4),
        status: random() < 0.03 ? 'pending' : 'approved',
        is_removed: random() < 0.03,
        hours: randomHours(random),
        time_zone: ZONES[Math.floor(random() * ZONES.length)]!,
      }),
    );
  }
  return rows;
}

/** Yes with chance `yes`, unknown with chance `unknown`, else no. */
function answer(random: () => number, yes: number, unknown: number): boolean | null {
  const roll = random();
  return roll < yes ? true : roll < yes + unknown ? null : false;
}

function randomHours(random: () => number): HoursRange[] | null {
  if (random() < 0.25) return null;
  const ranges: HoursRange[] = [];
  for (let day = 0; day < 7; day++) {
    if (random() < 0.2) continue;
    const hhmm = () => Math.floor(random() * 24) * 100 + Math.floor(random() * 4) * 15;
    ranges.push({ day, open: hhmm(), close: hhmm() });
  }
  // Now and then a range no form would save (past 24:00, or an eighth day), as an old mirror row might hold.
  if (random() < 0.05) ranges.push({ day: random() < 0.5 ? 7 : 2, open: 2300, close: 2430 });
  return ranges;
}

const randomFilters = (random: () => number): BathroomsFilters => ({
  ...(Object.fromEntries(BATHROOMS_FILTER_KEYS.map((key) => [key, random() < 0.35])) as Omit<BathroomsFilters, 'include_unknown'>),
  include_unknown: random() < 0.5,
});

/**
 * The list as it was computed before the grid: measure and sort every visible row, unplaced ones
 * after them by name, then filter them all.
 */
function reference(rows: readonly Restroom[], origin: LatLng, filters: BathroomsFilters, at: Date): ListedRestroom[] {
  const visible = rows.filter(restroomIsPublic);
  const unplaced = visible
    .filter((row) => row.latitude === null || row.longitude === null)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({ ...row, distance: null }));
  return filterRestrooms([...nearestRestrooms(visible, origin), ...unplaced], filters, at, zone);
}

const sortedById = (rows: readonly ListedRestroom[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));


function filtered(rows: readonly Restroom[], origin: LatLng, filters: BathroomsFilters, at: Date) {
  const list = nearestList(rows, origin);
  const filter = restroomFilter(filters, at, zone);
  return filter ? list.where(filter) : list;
}

describe('nearestList', () => {
  it('gives exactly the rows, order, distances and count of sorting then filtering everything, page by page', () => {
    const random = seededRandom(6);
    const rows = randomMirror(random, 3000);
    for (let trial = 0; trial < 30; trial++) {
      const origin = { lat: downtown.lat + (random() - 0.5) * 0.6, lng: downtown.lng + (random() - 0.5) * 0.8 };
      const filters = randomFilters(random);
      const at = new Date(Date.UTC(2026, 10, 22) + Math.floor(random() * 7 * 24 * 60) * 60_000);
      const expected = reference(rows, origin, filters, at);
      const list = filtered(rows, origin, filters, at);
      // As the list asks: 25 first, then 50 more on each 'Show more'.
      for (const shown of [25, 75, 125]) expect(list.first(shown)).toEqual(expected.slice(0, shown));
      expect(list.length).toBe(expected.length);
      const filter = restroomFilter(filters, at, zone);
      expect(list.unknownCount).toBe(filter ? expected.filter((row) => restroomPassesOnUnknown(filter, row)).length : 0);
      expect(everyRow(list)).toEqual(expected);
      expect(everyRow(filtered(rows, origin, filters, at))).toEqual(expected);
      // Whether any row it lists is within a radius: as measuring every one of them says, from here and from far away.
      const miles = random() * 2;
      const within = (from: LatLng) => expected.some((row) => row.latitude !== null && restroomDistanceMilesExact(from, { lat: row.latitude, lng: row.longitude! }) <= miles);
      expect(list.hasRowWithin(miles)).toBe(within(origin));
      const seattle = { lat: 47.6062, lng: -122.3321 };
      expect(filtered(rows, seattle, filters, at).hasRowWithin(NEAR_YOU_MILES)).toBe(false);
    }
  });

  it('hands the map and the address search the same rows as the whole list, expanding only those asked for', () => {
    const random = seededRandom(9);
    const rows = randomMirror(random, 3000);
    const queries = ['ca', 'CAFÉ', 'arena', 'a', 'park main', 'library minneapolis', 'zzz'];
    for (let trial = 0; trial < 12; trial++) {
      const origin = { lat: downtown.lat + (random() - 0.5) * 0.6, lng: downtown.lng + (random() - 0.5) * 0.8 };
      const filters = randomFilters(random);
      const at = new Date(Date.UTC(2026, 10, 22) + Math.floor(random() * 7 * 24 * 60) * 60_000);
      const expected = reference(rows, origin, filters, at);
      let expanded = 0;
      const plain = nearestList(rows, origin, (row) => (expanded++, row));
      const filter = restroomFilter(filters, at, zone);
      const list = filter ? plain.where(filter) : plain;

      const columns = list.placed();
      expect(list.placed()).toBe(columns);
      expect(expanded).toBe(0);
      const onMap = Array.from({ length: columns.length }, (_, entry) => list.placedRestroom(entry)!);
      expect(expanded).toBe(columns.length);
      const placedRows = expected.filter((row) => row.distance !== null);
      expect(sortedById(onMap)).toEqual(sortedById(placedRows));
      onMap.forEach((row, entry) => expect([columns.latitudes[entry], columns.longitudes[entry]]).toEqual([row.latitude, row.longitude]));
      expect(list.placedRestroom(0)).toBe(onMap[0]);

      const someRow = placedRows[Math.floor(random() * placedRows.length)];
      if (someRow) expect(list.placedWithId(someRow.id)).toEqual(someRow);
      const unplaced = expected.find((row) => row.distance === null);
      if (unplaced) expect(list.placedWithId(unplaced.id)).toBeUndefined();
      const filteredOut = rows.find((row) => restroomIsPublic(row) && !expected.some((shown) => shown.id === row.id));
      if (filteredOut) expect(list.placedWithId(filteredOut.id)).toBeUndefined();

      for (const query of queries) {
        const limit = 1 + Math.floor(random() * 8);
        expect(list.search(rankBy(query), limit)).toEqual(searchByHand(expected, query, limit));
      }
    }
  });

  it('lists unplaced restrooms after every placed one, in name order, when paged that far', () => {
    const placed = makeRestroom({ id: 'p', name: 'Placed' });
    const zed = makeRestroom({ id: 'z', name: 'Zed', latitude: null, longitude: null });
    const abe = makeRestroom({ id: 'a', name: 'Abe', latitude: null, longitude: null, unisex: false });
    const list = nearestList([zed, placed, abe], downtown);
    expect(list.first(2).map((row) => [row.name, row.distance])).toEqual([
      ['Placed', expect.any(Number)],
      ['Abe', null],
    ]);
    expect(everyRow(list).map((row) => row.name)).toEqual(['Placed', 'Abe', 'Zed']);
    expect(everyRow(list.where({ amenities: ['unisex'], openOn: null })).map((row) => row.name)).toEqual(['Placed', 'Zed']);
  });

  it('dresses only the rows it hands out, and leaves hidden rows out of the count', () => {
    const rows = [
      makeRestroom({ id: 'a', upvotes: 2 }),
      makeRestroom({ id: 'b', status: 'pending' }),
      makeRestroom({ id: 'c', is_removed: true }),
    ];
    const list = nearestList(rows, downtown, (row) => ({ ...row, upvotes: row.upvotes + 1 }));
    expect(list.length).toBe(1);
    expect(list.first(25).map((row) => [row.id, row.upvotes])).toEqual([['a', 3]]);
  });

  it("reads each restroom's hours on its own clock: the same hours open in Chicago and closed in Denver", () => {
    const hours: HoursRange[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 900, close: 1700 }));
    const rows = [
      makeRestroom({ id: 'chicago', name: 'Chicago', hours, time_zone: 'America/Chicago' }),
      makeRestroom({ id: 'denver', name: 'Denver', hours, time_zone: 'America/Denver', latitude: 44.99 }),
      makeRestroom({ id: 'unknown', name: 'Unknown zone', hours, time_zone: null, latitude: 45 }),
    ];
    // 15:30Z on a November Wednesday: 9:30am in Chicago (and Minneapolis), 8:30am in Denver.
    const list = filtered(rows, downtown, { ...NO_FILTERS, open_now: true }, new Date('2026-11-25T15:30:00Z'));
    expect(everyRow(list).map((row) => row.name)).toEqual(['Chicago', 'Unknown zone']);
    expect(list.length).toBe(2);
    // 23:30Z: 5:30pm in Chicago, 4:30pm in Denver.
    const later = filtered(rows, downtown, { ...NO_FILTERS, open_now: true }, new Date('2026-11-25T23:30:00Z'));
    expect(everyRow(later).map((row) => row.name)).toEqual(['Denver']);
    expect(later.length).toBe(1);
  });

  it("counts the rows 'Include unknown' let in, and lets in none where a filter without it asks for the same amenity", () => {
    const rows = [
      makeRestroom({ id: 'yes', name: 'Yes', unisex: true, is_single_stall: true }),
      makeRestroom({ id: 'unknown', name: 'Unknown', unisex: null, is_single_stall: true, latitude: 44.99 }),
      makeRestroom({ id: 'no', name: 'No', unisex: false, is_single_stall: null, latitude: 45 }),
      makeRestroom({ id: 'both', name: 'Both unknown', unisex: null, is_single_stall: null, latitude: 45.01 }),
    ];
    const list = nearestList(rows, downtown);
    const lenient = list.where({ amenities: ['unisex'], orUnknown: ['unisex'], openOn: null });
    expect(everyRow(lenient).map((row) => row.name)).toEqual(['Yes', 'Unknown', 'Both unknown']);
    expect([lenient.length, lenient.unknownCount]).toEqual([3, 2]);
    const both = list.where({ amenities: ['unisex', 'is_single_stall'], orUnknown: ['unisex', 'is_single_stall'], openOn: null });
    expect(everyRow(both).map((row) => row.name)).toEqual(['Yes', 'Unknown', 'Both unknown']);
    expect([both.length, both.unknownCount]).toEqual([3, 2]);
    // A second, strict filter on gender-neutral wins over the lenient one.
    const strict = lenient.where({ amenities: ['unisex'], openOn: null });
    expect([everyRow(strict).map((row) => row.name), strict.length, strict.unknownCount]).toEqual([['Yes'], 1, 0]);
    expect([list.length, list.unknownCount]).toEqual([4, 0]);
  });

  it("reads 'Open to the public' and 'Free' off the columns: known yes, unknown only with 'Include unknown', customers, key and paid never; the map's columns agree", () => {
    const rows = [
      makeRestroom({ id: 'a', name: 'Public free', access: 'public', fee: 'free' }),
      makeRestroom({ id: 'b', name: 'Customers free', access: 'customers', fee: 'free', latitude: 44.99 }),
      makeRestroom({ id: 'c', name: 'Key unknown fee', access: 'key', fee: null, latitude: 45 }),
      makeRestroom({ id: 'd', name: 'Unknown paid', access: null, fee: 'paid', latitude: 45.01 }),
      makeRestroom({ id: 'e', name: 'Unknown both', access: null, fee: null, latitude: 45.02 }),
      makeRestroom({ id: 'f', name: 'Public unknown fee', access: 'public', fee: null, latitude: 45.03 }),
    ];
    const list = nearestList(rows, downtown);
    const names = (filters: Partial<BathroomsFilters>) => {
      const filter = restroomFilter({ ...NO_FILTERS, ...filters }, new Date(), zone)!;
      const where = list.where(filter);
      const placed = where.placed();
      const onMap = Array.from({ length: placed.length }, (_, at) => where.placedRestroom(at)!.name);
      expect(onMap.sort()).toEqual(everyRow(where).map((row) => row.name).sort());
      return [everyRow(where).map((row) => row.name), where.length, where.unknownCount];
    };
    expect(names({ public: true })).toEqual([['Public free', 'Public unknown fee'], 2, 0]);
    expect(names({ public: true, include_unknown: true })).toEqual([['Public free', 'Unknown paid', 'Unknown both', 'Public unknown fee'], 4, 2]);
    expect(names({ free: true })).toEqual([['Public free', 'Customers free'], 2, 0]);
    expect(names({ free: true, include_unknown: true })).toEqual([['Public free', 'Customers free', 'Key unknown fee', 'Unknown both', 'Public unknown fee'], 5, 3]);
    expect(names({ free: true, public: true, include_unknown: true })).toEqual([['Public free', 'Unknown both', 'Public unknown fee'], 3, 2]);
  });

  it('counts a filter that passes nothing as zero rows', () => {
    const rows = randomMirror(seededRandom(7), 200).map((row) => ({ ...row, hours: null }));
    const list = filtered(rows, downtown, { ...NO_FILTERS, open_now: true }, new Date());
    expect(list.length).toBe(0);
    expect(list.first(25)).toEqual([]);
  });
});

const origin = downtown;

describe('nearestList, every row', () => {
  it('puts the nearest first and measures in miles with 2 decimals', () => {
    const far = makeRestroom({ name: 'Far', latitude: 44.95, longitude: -93.3 });
    const near = makeRestroom({ name: 'Near', latitude: 44.9801, longitude: -93.2639 });
    const middle = makeRestroom({ name: 'Middle', latitude: 44.975, longitude: -93.27 });

    const ordered = everyRow(nearestList([far, near, middle], origin));

    expect(ordered.map((r) => r.name)).toEqual(['Near', 'Middle', 'Far']);
    for (const row of ordered) expect(row.distance).toBe(Math.round((row.distance ?? NaN) * 100) / 100);
    expect(ordered[0]!.distance).toBeLessThan(0.05);
  });

  it('keeps listings without coordinates, after the measured ones, by name', () => {
    const placed = makeRestroom({ name: 'Placed' });
    const zed = makeRestroom({ name: 'Zed', latitude: null, longitude: null });
    const abe = makeRestroom({ name: 'Abe', latitude: null, longitude: null });

    const ordered = everyRow(nearestList([zed, placed, abe], origin));

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
    expect(everyRow(nearestList(rows, origin)).map((r) => r.name)).toEqual(['Shown']);
  });

  it('moves the order when the origin moves', () => {
    const north = makeRestroom({ name: 'North', latitude: 45.05, longitude: -93.26 });
    const south = makeRestroom({ name: 'South', latitude: 44.9, longitude: -93.26 });
    expect(everyRow(nearestList([north, south], { lat: 45.06, lng: -93.26 }))[0]!.name).toBe('North');
    expect(everyRow(nearestList([north, south], { lat: 44.89, lng: -93.26 }))[0]!.name).toBe('South');
  });
});
