import { describe, expect, it } from 'vitest';
import { makeRestroom } from '../../test/fixtures';
import { filterRestrooms, NO_FILTERS, parseBathroomsFilters } from './bathrooms-filters';

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
