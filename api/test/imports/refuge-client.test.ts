import { describe, expect, it } from 'vitest';
import { refugeRecordOf } from '../../src/imports/refuge-client.js';

describe('refugeRecordOf', () => {
  it('reads a listing leniently: numbers as text, wrong types as unknown', () => {
    expect(
      refugeRecordOf({
        id: 77,
        edit_id: '4101',
        name: 'Central Library',
        street: 300,
        city: null,
        accessible: 'yes',
        unisex: true,
        latitude: '44.97993',
        longitude: -93.26995,
        upvote: 'many',
        created_at: '2016-03-02T18:04:17.536Z',
        distance: 0.35,
        bearing: '279.5',
      }),
    ).toEqual({
      edit_id: 4101,
      name: 'Central Library',
      street: '300',
      city: null,
      state: null,
      country: null,
      accessible: false,
      unisex: true,
      changing_table: false,
      directions: null,
      comment: null,
      latitude: 44.97993,
      longitude: -93.26995,
      upvote: Number.NaN,
      downvote: Number.NaN,
      created_at: '2016-03-02T18:04:17.536Z',
      updated_at: null,
    });
  });

  it('keeps a null position null rather than zero', () => {
    expect(refugeRecordOf({ edit_id: 1, latitude: null, longitude: null })).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([[{ id: 5 }], [{ edit_id: 0 }], [{ edit_id: 'abc' }], [{ edit_id: 1.5 }], [undefined]])('skips %j: no edit_id to key the import on', (item) => {
    expect(refugeRecordOf(item)).toBeNull();
  });
});
