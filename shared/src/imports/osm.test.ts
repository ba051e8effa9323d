import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '../schemas/restroom.js';
import { importRowFromOsm, osmSourceId, type OsmToiletElement } from './osm.js';

/** Stands in for the api's opening_hours parser: one known text, everything else unreadable. */
const parseHours = (text: string): WeeklyHours => (text === 'Mo 09:00-17:00' ? [{ day: 1, open: 900, close: 1700 }] : null);

function toilets(tags: Record<string, string>, ref: OsmToiletElement['ref'] = { type: 'N', id: 123 }): OsmToiletElement {
  return { ref, lat: 44.97, lng: -93.26, tags: { amenity: 'toilets', ...tags } };
}

const rowOf = (tags: Record<string, string>) => importRowFromOsm(toilets(tags), parseHours);

describe('importRowFromOsm', () => {
  it('maps tagged toilets in full', () => {
    const row = rowOf({
      name: 'Loring Park Restrooms',
      'addr:housenumber': '1382',
      'addr:street': 'Willow Street',
      'addr:city': 'Minneapolis',
      'addr:state': 'Minnesota',
      access: 'yes',
      unisex: 'yes',
      wheelchair: 'yes',
      changing_table: 'yes',
      'toilets:menstrual_products': 'yes',
      fee: 'no',
      opening_hours: 'Mo 09:00-17:00',
      description: 'Next to the pavilion. ',
    });
    expect(row).toEqual({
      source_id: 'node/123',
      name: 'Loring Park Restrooms',
      street: '1382 Willow Street',
      city: 'Minneapolis',
      state: 'MN',
      country: 'US',
      latitude: 44.97,
      longitude: -93.26,
      unisex: true,
      accessible: true,
      changing_table: true,
      is_single_stall: null,
      menstrual_products: true,
      access: 'public',
      fee: 'free',
      directions: null,
      comment: 'Next to the pavilion.',
      upvotes: 0,
      downvotes: 0,
      hours: [{ day: 1, open: 900, close: 1700 }],
      place_id: 'osm:N123',
      created_at: null,
      updated_at: null,
    });
  });

  // The OpenStreetMap mapping (docs/product-rules.md#what-we-know): each row is the tags of
  // toilets mapped for their own sake and what the import stores; null is unknown.
  const UNKNOWN = { unisex: null, accessible: null, changing_table: null, is_single_stall: null, menstrual_products: null, access: null, fee: null };
  it.each<[Record<string, string>, Record<string, boolean | string | null>]>([
    [{}, {}],
    [{ unisex: 'yes' }, { unisex: true }],
    [{ gender_segregated: 'no' }, { unisex: true }],
    [{ gender_segregated: 'yes' }, { unisex: false }],
    [{ unisex: 'yes', gender_segregated: 'yes' }, { unisex: false }],
    [{ male: 'yes' }, { unisex: false }],
    [{ female: 'yes' }, { unisex: false }],
    [{ male: 'yes', female: 'no' }, { unisex: false }],
    [{ male: 'yes', female: 'yes' }, {}],
    [{ male: 'yes', female: 'yes', unisex: 'no' }, { unisex: false }],
    [{ male: 'yes', female: 'yes', unisex: 'yes' }, { unisex: true }],
    [{ unisex: 'no' }, {}],
    [{ unisex: 'yes', toilets: '1', 'toilets:number': '1', gender_segregated: 'no' }, { unisex: true }],
    [{ wheelchair: 'yes' }, { accessible: true }],
    [{ wheelchair: 'no' }, { accessible: false }],
    [{ wheelchair: 'limited' }, {}],
    [{ changing_table: 'yes' }, { changing_table: true }],
    [{ changing_table: 'no' }, { changing_table: false }],
    [{ changing_table: 'limited' }, {}],
    [{ 'toilets:changing_table': 'no', changing_table: 'yes' }, { changing_table: false }],
    [{ 'toilets:menstrual_products': 'yes' }, { menstrual_products: true }],
    [{ 'toilets:menstrual_products': 'no' }, { menstrual_products: false }],
    [{ 'toilets:menstrual_products': 'limited' }, {}],
    [{ access: 'yes' }, { access: 'public' }],
    [{ access: 'permissive' }, { access: 'public' }],
    [{ access: 'public' }, { access: 'public' }],
    [{ access: 'customers' }, { access: 'customers' }],
    [{ access: 'key' }, { access: 'key' }],
    [{ access: 'private' }, {}],
    [{ access: 'no' }, {}],
    [{ access: 'destination' }, {}],
    [{ fee: 'no' }, { fee: 'free' }],
    [{ fee: 'yes' }, { fee: 'paid' }],
    [{ charge: '0.50 EUR' }, { fee: 'paid' }],
    [{ fee: 'yes', charge: '0.50 EUR' }, { fee: 'paid' }],
    [{ fee: 'no', charge: '0.50 EUR' }, { fee: 'free' }],
    [{ fee: 'donation' }, {}],
    [{ fee: 'customers' }, {}],
    [{ charge: ' ' }, {}],
  ])('maps %j to %j, the rest unknown', (tags, known) => {
    const row = rowOf(tags);
    expect({
      unisex: row.unisex,
      accessible: row.accessible,
      changing_table: row.changing_table,
      is_single_stall: row.is_single_stall,
      menstrual_products: row.menstrual_products,
      access: row.access,
      fee: row.fee,
    }).toEqual({ ...UNKNOWN, ...known });
  });

  it('decodes entities and drops invisible marks in every text tag', () => {
    const row = rowOf({
      name: 'Caf&eacute; &amp; Bar\u200E',
      'addr:housenumber': '2111',
      'addr:street': 'Snelling Avenue North&#8206;',
      'addr:city': '\u202ASt Paul\u202C',
      location: 'Back&#x200F; hall',
      description: 'Ask&nbsp;staff\uFEFF',
    });
    expect(row).toMatchObject({
      name: 'Café & Bar',
      street: '2111 Snelling Avenue North',
      city: 'St Paul',
      directions: 'Back hall',
      comment: 'Ask staff',
    });
  });

  it('names nameless toilets for what they are and where', () => {
    expect(rowOf({ 'addr:street': 'Nicollet Mall' }).name).toBe('Public toilet (Nicollet Mall)');
    expect(rowOf({ access: 'customers' }).name).toBe('Toilet');
  });

  it('leaves hours unknown when the tag is missing or unreadable', () => {
    expect(rowOf({}).hours).toBeNull();
    expect(rowOf({ opening_hours: 'by appointment' }).hours).toBeNull();
  });

  describe('a place that has toilets (toilets=yes)', () => {
    const library = (tags: Record<string, string>) =>
      importRowFromOsm(
        { ref: { type: 'W', id: 45 }, lat: 44.98, lng: -93.27, tags: { amenity: 'library', name: 'Central Library', toilets: 'yes', ...tags } },
        parseHours,
      );

    it('reads the toilets from toilets:* tags, not from the place’s own', () => {
      expect(library({ wheelchair: 'yes', access: 'yes', unisex: 'yes', male: 'yes' })).toMatchObject({ accessible: null, access: null, unisex: null });
      expect(library({ 'toilets:wheelchair': 'yes', 'toilets:access': 'yes', 'toilets:unisex': 'yes' })).toMatchObject({
        accessible: true,
        access: 'public',
        unisex: true,
      });
      expect(library({ 'toilets:wheelchair': 'no', 'toilets:access': 'customers', 'toilets:male': 'yes' })).toMatchObject({
        accessible: false,
        access: 'customers',
        unisex: false,
      });
    });

    it('reads the fee from toilets:fee, not the place’s own entry fee', () => {
      expect(library({ fee: 'yes', charge: '5 EUR' }).fee).toBeNull();
      expect(library({ 'toilets:fee': 'no', fee: 'yes' }).fee).toBe('free');
      expect(library({ 'toilets:fee': 'yes' }).fee).toBe('paid');
      expect(library({ 'toilets:charge': '0.50 EUR' }).fee).toBe('paid');
    });

    it('uses the place’s opening hours when its toilets have none', () => {
      expect(library({ opening_hours: 'Mo 09:00-17:00' }).hours).toEqual([{ day: 1, open: 900, close: 1700 }]);
    });

    it('is named and identified as the place', () => {
      expect(library({})).toMatchObject({ name: 'Central Library', source_id: 'way/45', place_id: 'osm:W45' });
    });
  });
});

describe('importRowFromOsm in another region', () => {
  it("gives an element without an address the region's state and country, and one abroad no state", () => {
    const chicago = { state: 'IL', country: 'US' };
    expect(importRowFromOsm(toilets({ amenity: 'toilets' }), parseHours, chicago)).toMatchObject({ state: 'IL', country: 'US' });
    expect(importRowFromOsm(toilets({ amenity: 'toilets', 'addr:state': 'Wisconsin' }), parseHours, chicago)).toMatchObject({ state: 'WI' });
    const berlin = { state: '', country: 'DE' };
    expect(importRowFromOsm(toilets({ amenity: 'toilets' }), parseHours, berlin)).toMatchObject({ state: '', country: 'DE' });
    expect(importRowFromOsm(toilets({ amenity: 'toilets', 'addr:country': 'FR' }), parseHours, chicago)).toMatchObject({ state: '', country: 'FR' });
  });
});

describe('osmSourceId', () => {
  it('names an element the way OpenStreetMap does', () => {
    expect([osmSourceId({ type: 'N', id: 1 }), osmSourceId({ type: 'W', id: 2 }), osmSourceId({ type: 'R', id: 3 })]).toEqual([
      'node/1',
      'way/2',
      'relation/3',
    ]);
  });
});
