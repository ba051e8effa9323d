import { describe, expect, it } from 'vitest';
import { IMPORT_VOTES_MAX } from '../schemas/imports.js';
import { importRowFromRefuge, type RefugeRecord } from './refuge.js';

const record: RefugeRecord = {
  edit_id: 41_234,
  name: 'Wilde RoastÂ\u00A0CafÃ© ',
  street: '65 Main St SE  ',
  city: ' Minneapolis',
  state: 'Minnesota',
  country: 'United States',
  accessible: true,
  unisex: true,
  changing_table: false,
  directions: 'Down the hall, \\"last door\\" on the left.  ',
  comment: '  Ask at the counter.\n\n\n\nClean!  ',
  latitude: 44.9851,
  longitude: -93.2566,
  upvote: 7,
  downvote: 1,
  created_at: '2016-03-02T18:04:17.536Z',
  updated_at: '2023-11-20T09:00:00.000Z',
};

describe('importRowFromRefuge', () => {
  it('maps a listing onto an import row with its text cleaned', () => {
    expect(importRowFromRefuge(record)).toEqual({
      source_id: '41234',
      name: 'Wilde Roast Café',
      street: '65 Main St SE',
      city: 'Minneapolis',
      state: 'MN',
      country: 'US',
      latitude: 44.9851,
      longitude: -93.2566,
      unisex: true,
      accessible: true,
      changing_table: false,
      is_single_stall: null,
      menstrual_products: null,
      access: null,
      fee: null,
      directions: 'Down the hall, "last door" on the left.',
      comment: 'Ask at the counter.\n\nClean!',
      upvotes: 7,
      downvotes: 1,
      hours: null,
      place_id: null,
      created_at: '2016-03-02T18:04:17.536Z',
      updated_at: '2023-11-20T09:00:00.000Z',
    });
  });

  it.each([
    ['null', null, null],
    ['half a', 44.98, null],
    ['a 0,0', 0, 0],
    ['an impossible', 144.98, -93.26],
  ])('keeps no position for %s position', (_what, latitude, longitude) => {
    const row = importRowFromRefuge({ ...record, latitude, longitude });
    expect([row.latitude, row.longitude]).toEqual([null, null]);
  });

  it('names a nameless listing after its street, and a streetless one plainly', () => {
    expect(importRowFromRefuge({ ...record, name: '  ' }).name).toBe('Restroom (65 Main St SE)');
    expect(importRowFromRefuge({ ...record, name: null, street: null }).name).toBe('Restroom');
  });

  it('cuts overlong text to what a restroom may hold', () => {
    const row = importRowFromRefuge({ ...record, name: 'N'.repeat(500), street: 'S'.repeat(500) });
    expect(row.name).toHaveLength(200);
    expect(row.street).toHaveLength(200);
  });

  it('reads bad counts as 0 and bad dates as unknown', () => {
    const row = importRowFromRefuge({ ...record, upvote: -3, downvote: 1.5, created_at: 'yesterday', updated_at: null });
    expect([row.upvotes, row.downvotes, row.created_at, row.updated_at]).toEqual([0, 0, null, null]);
  });

  it('caps a count at what an import may set', () => {
    expect(importRowFromRefuge({ ...record, upvote: 2 ** 40 }).upvotes).toBe(IMPORT_VOTES_MAX);
  });

  it("takes a listing that names no country to be in the deployment's", () => {
    expect(importRowFromRefuge({ ...record, country: null })).toMatchObject({ country: 'US', state: 'MN' });
    expect(importRowFromRefuge({ ...record, country: '  ', state: 'Ontario' }, { country: 'CA' })).toMatchObject({ country: 'CA', state: 'Ontario' });
  });

  it('keeps a state of another country as written', () => {
    const row = importRowFromRefuge({ ...record, state: 'Ontario ', country: 'CA' });
    expect([row.state, row.country]).toEqual(['Ontario', 'CA']);
  });
});
