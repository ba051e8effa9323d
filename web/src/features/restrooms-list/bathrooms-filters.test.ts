import { describe, expect, it } from 'vitest';
import { makeRestroom } from '@/test/fixtures';
import { NO_FILTERS, parseBathroomsFilters, restroomFilter } from './bathrooms-filters';
import { filterRestrooms, restroomPassesOnUnknown } from './bathrooms-filters-test-kit';

const zone = 'America/Chicago';
// A Wednesday, 12:00 in Minneapolis.
const noon = new Date('2026-06-10T17:00:00Z');
const wednesdayNineToFive = [{ day: 3, open: 900, close: 1700 }];

describe('filterRestrooms', () => {
  const plain = makeRestroom({ name: 'Plain', unisex: false });
  const neutral = makeRestroom({ name: 'Neutral', unisex: true, is_single_stall: true });
  const full = makeRestroom({ name: 'Full', unisex: true, accessible: true, changing_table: true, is_single_stall: false });
  const rows = [plain, neutral, full];
  const names = (filters: Partial<typeof NO_FILTERS>) => filterRestrooms(rows, { ...NO_FILTERS, ...filters }, noon, zone).map((r) => r.name);

  it('keeps everything, in order, with no filter chosen', () => {
    expect(names({})).toEqual(['Plain', 'Neutral', 'Full']);
  });

  it('keeps only the restrooms that have every chosen amenity', () => {
    expect(names({ unisex: true })).toEqual(['Neutral', 'Full']);
    expect(names({ is_single_stall: true })).toEqual(['Neutral']);
    expect(names({ unisex: true, accessible: true })).toEqual(['Full']);
    expect(names({ changing_table: true, is_single_stall: true })).toEqual([]);
  });

  it('means known yes: an unknown amenity does not pass, nor a known no', () => {
    const unknown = makeRestroom({ name: 'Unknown', unisex: null, is_single_stall: null, accessible: null, changing_table: null });
    const no = makeRestroom({ name: 'No', unisex: false, is_single_stall: false });
    const yes = makeRestroom({ name: 'Yes', unisex: true, is_single_stall: true, accessible: true, changing_table: true });
    for (const key of ['unisex', 'is_single_stall', 'accessible', 'changing_table'] as const) {
      expect(filterRestrooms([unknown, no, yes], { ...NO_FILTERS, [key]: true }, noon, zone).map((r) => r.name)).toEqual(['Yes']);
    }
  });

  describe("with 'Include unknown'", () => {
    const unknown = makeRestroom({ name: 'Unknown', unisex: null, is_single_stall: null, accessible: null, changing_table: null });
    const no = makeRestroom({ name: 'No', unisex: false, is_single_stall: false, accessible: false, changing_table: false });
    const yes = makeRestroom({ name: 'Yes', unisex: true, is_single_stall: true, accessible: true, changing_table: true });
    const rows = [unknown, no, yes];
    const lenient = (filters: Partial<typeof NO_FILTERS>) => ({ ...NO_FILTERS, include_unknown: true, ...filters });
    const names = (filters: Partial<typeof NO_FILTERS>) => filterRestrooms(rows, lenient(filters), noon, zone).map((r) => r.name);

    it('brings back unknown gender-neutral and single-stall rows, but not known no', () => {
      expect(names({ unisex: true })).toEqual(['Unknown', 'Yes']);
      expect(names({ is_single_stall: true })).toEqual(['Unknown', 'Yes']);
      expect(names({ unisex: true, is_single_stall: true })).toEqual(['Unknown', 'Yes']);
    });

    it('leaves wheelchair accessible and changing table at known yes', () => {
      expect(names({ accessible: true })).toEqual(['Yes']);
      expect(names({ changing_table: true })).toEqual(['Yes']);
      expect(names({ unisex: true, accessible: true })).toEqual(['Yes']);
    });

    it('changes nothing with no amenity chosen', () => {
      expect(names({})).toEqual(['Unknown', 'No', 'Yes']);
      expect(restroomFilter(lenient({}), noon, zone)).toBeNull();
    });

    it('tells the rows that pass only on an unknown from the known ones', () => {
      const filter = restroomFilter(lenient({ unisex: true }), noon, zone)!;
      expect(rows.map((row) => restroomPassesOnUnknown(filter, row))).toEqual([true, false, false]);
      const strict = restroomFilter({ ...NO_FILTERS, unisex: true }, noon, zone)!;
      expect(rows.map((row) => restroomPassesOnUnknown(strict, row))).toEqual([false, false, false]);
    });
  });

  describe("'Open to the public'", () => {
    const open = makeRestroom({ name: 'Public', access: 'public' });
    const customers = makeRestroom({ name: 'Customers', access: 'customers' });
    const key = makeRestroom({ name: 'Key', access: 'key' });
    const unknown = makeRestroom({ name: 'Unknown', access: null });
    const rows = [open, customers, key, unknown];
    const names = (filters: Partial<typeof NO_FILTERS>) => filterRestrooms(rows, { ...NO_FILTERS, ...filters }, noon, zone).map((r) => r.name);

    it('means known public: customers only, a key and unknown do not pass', () => {
      expect(names({ public: true })).toEqual(['Public']);
    });

    it("with 'Include unknown' brings back unknown access, never customers only or a key", () => {
      expect(names({ public: true, include_unknown: true })).toEqual(['Public', 'Unknown']);
      const filter = restroomFilter({ ...NO_FILTERS, public: true, include_unknown: true }, noon, zone)!;
      expect(rows.map((row) => restroomPassesOnUnknown(filter, row))).toEqual([false, false, false, true]);
    });

    it('reads access missing from a copy kept from before it as unknown', () => {
      const old = { ...makeRestroom({ name: 'Old' }), access: undefined as never };
      expect(filterRestrooms([old], { ...NO_FILTERS, public: true }, noon, zone)).toEqual([]);
      expect(filterRestrooms([old], { ...NO_FILTERS, public: true, include_unknown: true }, noon, zone)).toEqual([old]);
    });
  });

  describe("'Free'", () => {
    const free = makeRestroom({ name: 'Free', fee: 'free' });
    const paid = makeRestroom({ name: 'Paid', fee: 'paid' });
    const unknown = makeRestroom({ name: 'Unknown', fee: null });
    const rows = [free, paid, unknown];
    const names = (filters: Partial<typeof NO_FILTERS>) => filterRestrooms(rows, { ...NO_FILTERS, ...filters }, noon, zone).map((r) => r.name);

    it('means known free: paid and unknown do not pass', () => {
      expect(names({ free: true })).toEqual(['Free']);
    });

    it("with 'Include unknown' brings back an unknown fee, never a paid one", () => {
      expect(names({ free: true, include_unknown: true })).toEqual(['Free', 'Unknown']);
      const filter = restroomFilter({ ...NO_FILTERS, free: true, include_unknown: true }, noon, zone)!;
      expect(rows.map((row) => restroomPassesOnUnknown(filter, row))).toEqual([false, false, true]);
    });

    it('combines with the others: free and open to the public, each with its own unknown', () => {
      const both = makeRestroom({ name: 'Both', fee: 'free', access: 'public' });
      const freeCustomers = makeRestroom({ name: 'Free customers', fee: 'free', access: 'customers' });
      const unknownPublic = makeRestroom({ name: 'Unknown public', fee: null, access: 'public' });
      const paidUnknown = makeRestroom({ name: 'Paid unknown', fee: 'paid', access: null });
      const all = [both, freeCustomers, unknownPublic, paidUnknown];
      const pick = (filters: Partial<typeof NO_FILTERS>) => filterRestrooms(all, { ...NO_FILTERS, ...filters }, noon, zone).map((r) => r.name);
      expect(pick({ free: true, public: true })).toEqual(['Both']);
      expect(pick({ free: true, public: true, include_unknown: true })).toEqual(['Both', 'Unknown public']);
    });
  });

  it('counts open now on the region clock, and unknown hours as not open', () => {
    const open = makeRestroom({ name: 'Open', hours: wednesdayNineToFive });
    const closed = makeRestroom({ name: 'Closed', hours: [{ day: 3, open: 1300, close: 1700 }] });
    const unknown = makeRestroom({ name: 'Unknown', hours: null });
    const filters = { ...NO_FILTERS, open_now: true };
    expect(filterRestrooms([open, closed, unknown], filters, noon, zone).map((r) => r.name)).toEqual(['Open']);
    // 18:00 in Minneapolis: closed by then.
    expect(filterRestrooms([open], filters, new Date('2026-06-10T23:00:00Z'), zone)).toEqual([]);
  });
});

describe('parseHomeFilters', () => {
  it('reads back what was stored', () => {
    expect(parseBathroomsFilters({ ...NO_FILTERS, unisex: true, open_now: true })).toEqual({ ...NO_FILTERS, unisex: true, open_now: true });
    expect(parseBathroomsFilters({ ...NO_FILTERS, unisex: true, include_unknown: true })).toEqual({ ...NO_FILTERS, unisex: true, include_unknown: true });
  });

  it("reads filters stored before 'Include unknown' existed with it off, and before 'Open to the public' and 'Free' with both off", () => {
    const stored = { unisex: true, is_single_stall: false, accessible: true, changing_table: false, open_now: false };
    expect(parseBathroomsFilters(stored)).toEqual({ ...stored, public: false, free: false, include_unknown: false });
    expect(parseBathroomsFilters({ ...stored, include_unknown: 'yes' }).include_unknown).toBe(false);
    // As this version stored them, with 'Include unknown' on.
    const before = { unisex: false, is_single_stall: true, accessible: false, changing_table: false, open_now: true, include_unknown: true };
    expect(parseBathroomsFilters(before)).toEqual({ ...before, public: false, free: false });
  });

  it("reads back 'Open to the public' and 'Free' as stored", () => {
    expect(parseBathroomsFilters({ ...NO_FILTERS, public: true, free: true, include_unknown: true })).toEqual({ ...NO_FILTERS, public: true, free: true, include_unknown: true });
    expect(parseBathroomsFilters({ ...NO_FILTERS, public: 'yes', free: 1 })).toEqual(NO_FILTERS);
  });

  it('treats anything unexpected as not chosen', () => {
    expect(parseBathroomsFilters(null)).toEqual(NO_FILTERS);
    expect(parseBathroomsFilters('unisex')).toEqual(NO_FILTERS);
    expect(parseBathroomsFilters({ unisex: 'yes', accessible: 1, changing_table: true, stray: true })).toEqual({
      ...NO_FILTERS,
      changing_table: true,
    });
  });
});
