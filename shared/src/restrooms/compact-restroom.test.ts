import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import type { Restroom } from '../schemas/restroom.js';
import { CompactRestroomSchema } from '../schemas/compact-restroom.js';
import { RestroomSourceSchema, RestroomStatusSchema } from '../schemas/restroom.js';
import { SyncSnapshotWireLineSchema } from '../schemas/sync.js';
import { LISTING_AMENITY_KEYS, RESTROOM_ACCESS_VALUES, RESTROOM_FEE_VALUES } from './listing-fields.js';
import {
  COMPACT_AT,
  COMPACT_FLAGS_MAX,
  COMPACT_REMOVED_BIT,
  COMPACT_RESTROOM_FIELDS,
  compactAmenity,
  compactFlags,
  compactRestroom,
  expandRestroom,
  RESTROOM_SOURCE_VALUES,
  RESTROOM_STATUS_VALUES,
  snapshotRowsOfColumns,
  snapshotWireLine,
} from './compact-restroom.js';

const base: Restroom = {
  id: '0192f5a4-1c2b-7d3e-8f40-123456789abc',
  name: 'Spyhouse Coffee',
  street: '945 Broadway St NE',
  city: 'Minneapolis',
  state: 'MN',
  country: 'US',
  latitude: 45.0,
  longitude: -93.25,
  time_zone: 'America/Chicago',
  unisex: true,
  accessible: false,
  changing_table: true,
  is_single_stall: false,
  menstrual_products: null,
  access: 'customers',
  fee: 'paid',
  is_removed: false,
  status: 'approved',
  upvotes: 3,
  downvotes: 1,
  last_confirmed_at: '2026-11-20T10:00:00.000Z',
  hours: [
    { day: 1, open: 700, close: 1800 },
    { day: 5, open: 2200, close: 200 },
  ],
  place_id: 'ChIJ123',
  source: 'refuge',
  username: null,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('compact restrooms', () => {
  it('names in COMPACT_AT where each field it lists sits in a compact row', () => {
    const row = compactRestroom(base);
    const { flags, hours, ...plain } = COMPACT_AT;
    for (const [field, at] of Object.entries(plain)) expect([field, row[at]]).toEqual([field, base[field as keyof typeof plain]]);
    expect(row[flags]).toBe(compactFlags(base));
    expect(row[hours]).toEqual(base.hours === null ? null : base.hours.flatMap((range) => [range.day, range.open, range.close]));
  });

  it('round-trips every field, each amenity as yes, no and unknown, each access and fee and the removed mark on their own', () => {
    expect(expandRestroom(compactRestroom(base))).toEqual(base);
    for (const field of LISTING_AMENITY_KEYS) {
      for (const value of [true, false, null]) {
        const restroom = { ...base, [field]: value };
        expect(expandRestroom(compactRestroom(restroom))).toEqual(restroom);
        expect(compactAmenity(compactFlags(restroom), field)).toBe(value);
      }
    }
    for (const access of [...RESTROOM_ACCESS_VALUES, null]) {
      const restroom = { ...base, access };
      expect(compactRestroom(restroom)[COMPACT_AT.access]).toBe(access);
      expect(expandRestroom(compactRestroom(restroom))).toEqual(restroom);
    }
    for (const fee of [...RESTROOM_FEE_VALUES, null]) {
      const restroom = { ...base, fee };
      expect(compactRestroom(restroom)[COMPACT_AT.fee]).toBe(fee);
      expect(expandRestroom(compactRestroom(restroom))).toEqual(restroom);
    }
    for (const is_removed of [true, false]) {
      const restroom = { ...base, is_removed };
      expect(expandRestroom(compactRestroom(restroom))).toEqual(restroom);
      expect((compactFlags(restroom) & COMPACT_REMOVED_BIT) !== 0).toBe(is_removed);
    }
  });

  it('never lets an unknown amenity read as no, nor a known no as unknown', () => {
    const unknown = Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, null]));
    const no = Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, false]));
    expect(compactFlags({ ...base, ...unknown, is_removed: false })).toBe(0);
    const knownNo = compactFlags({ ...base, ...no, is_removed: false });
    expect(knownNo).not.toBe(0);
    for (const field of LISTING_AMENITY_KEYS) expect(compactAmenity(knownNo, field)).toBe(false);
  });

  it('keeps flags within COMPACT_FLAGS_MAX, which every amenity known yes and removed reaches exactly', () => {
    const yes = Object.fromEntries(LISTING_AMENITY_KEYS.map((key) => [key, true]));
    expect(compactFlags({ ...base, ...yes, is_removed: true })).toBe(COMPACT_FLAGS_MAX);
    expect(COMPACT_FLAGS_MAX).toBe(2 ** 11 - 1);
    const row = compactRestroom({ ...base, ...yes, is_removed: true });
    expect(Value.Check(CompactRestroomSchema, JSON.parse(JSON.stringify(row)))).toBe(true);
    const tooBig: unknown[] = [...row];
    tooBig[COMPACT_AT.flags] = COMPACT_FLAGS_MAX + 1;
    expect(Value.Check(CompactRestroomSchema, tooBig)).toBe(false);
  });

  it('keeps unknown hours, unplaced rows and missing names apart from empty values', () => {
    const restroom: Restroom = { ...base, hours: null, latitude: null, longitude: null, time_zone: null, place_id: null, last_confirmed_at: null, username: 'sam', status: 'pending', source: 'user' };
    const row = compactRestroom(restroom);
    expect(row[COMPACT_AT.hours]).toBeNull();
    expect(row[COMPACT_AT.latitude]).toBeNull();
    expect(row[COMPACT_AT.time_zone]).toBeNull();
    expect(expandRestroom(row)).toEqual(restroom);
  });

  it('lists exactly the statuses and sources the schemas allow, for checks made without TypeBox', () => {
    for (const status of RESTROOM_STATUS_VALUES) expect(Value.Check(RestroomStatusSchema, status)).toBe(true);
    for (const source of RESTROOM_SOURCE_VALUES) expect(Value.Check(RestroomSourceSchema, source)).toBe(true);
    const literals = (schema: { anyOf: Array<{ const: string }> }) => schema.anyOf.map((member) => member.const).sort();
    expect([...RESTROOM_STATUS_VALUES].sort()).toEqual(literals(RestroomStatusSchema as unknown as { anyOf: Array<{ const: string }> }));
    expect([...RESTROOM_SOURCE_VALUES].sort()).toEqual(literals(RestroomSourceSchema as unknown as { anyOf: Array<{ const: string }> }));
  });

  it('is much smaller than the restroom as JSON, and its schema accepts what it makes and refuses a shuffled row', () => {
    const row = compactRestroom(base);
    expect(JSON.stringify(row).length).toBeLessThan(JSON.stringify(base).length * 0.6);
    expect(Value.Check(CompactRestroomSchema, JSON.parse(JSON.stringify(row)))).toBe(true);
    const shuffled: unknown[] = [...row];
    shuffled.splice(1, 1, row[6]);
    shuffled.splice(6, 1, row[1]);
    expect(Value.Check(CompactRestroomSchema, shuffled)).toBe(false);
    expect(Value.Check(CompactRestroomSchema, row.slice(0, -1))).toBe(false);
  });
});

describe('snapshot restroom lines', () => {
  const rows = [compactRestroom(base), compactRestroom({ ...base, id: '0192f5a4-1c2b-7d3e-8f40-123456789abd', name: 'Other', hours: null, latitude: null })];

  it('travel as one column per compact field and come back as the same rows', () => {
    expect(compactRestroom(base)).toHaveLength(COMPACT_RESTROOM_FIELDS);
    const wire = JSON.parse(JSON.stringify(snapshotWireLine({ restrooms: rows }))) as { restroomColumns: unknown[][] };
    expect(wire.restroomColumns).toHaveLength(COMPACT_RESTROOM_FIELDS);
    expect(wire.restroomColumns[1]).toEqual(['Spyhouse Coffee', 'Other']);
    expect(snapshotRowsOfColumns(wire.restroomColumns)).toEqual(rows);
    expect(Value.Check(SyncSnapshotWireLineSchema, wire)).toBe(true);
  });

  it('refuse columns that are missing a field or of uneven lengths', () => {
    const columns = (snapshotWireLine({ restrooms: rows }) as { restroomColumns: unknown[][] }).restroomColumns;
    expect(snapshotRowsOfColumns(columns.slice(1))).toBeNull();
    expect(snapshotRowsOfColumns(columns.map((column, field) => (field === 5 ? column.slice(1) : column)))).toBeNull();
    expect(snapshotRowsOfColumns('columns')).toBeNull();
  });

  it('leave comment and end lines as they are', () => {
    expect(snapshotWireLine({ end: true })).toEqual({ end: true });
    expect(snapshotWireLine({ comments: [] })).toEqual({ comments: [] });
  });
});
