import { describe, expect, it } from 'vitest';
import type { Restroom } from '../schemas/restroom.js';
import { OPEN_DATA_CSV_COLUMNS, openDataCsvHeader, openDataCsvRecord, openDataFeature } from './export-rows.js';

const restroom: Restroom = {
  id: '0190a000-0000-7000-8000-000000000001',
  name: 'Cafe, "The Nook"',
  street: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  country: 'US',
  latitude: 44.98,
  longitude: -93.27,
  unisex: true,
  accessible: false,
  changing_table: true,
  is_single_stall: false,
  menstrual_products: false,
  access: 'public',
  fee: 'free',
  is_removed: false,
  status: 'approved',
  upvotes: 3,
  downvotes: 1,
  last_confirmed_at: null,
  hours: [{ day: 1, open: 900, close: 1700 }],
  time_zone: 'America/Chicago',
  place_id: 'node/1',
  source: 'osm',
  username: 'someone',
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-02-03T04:05:06.000Z',
};

describe('openDataFeature', () => {
  it('is a Point at [longitude, latitude] with the listing, its hours ranges and its licence', () => {
    const feature = openDataFeature(restroom);
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [-93.27, 44.98] });
    expect(feature.id).toBe(restroom.id);
    expect(feature.properties).toMatchObject({
      name: 'Cafe, "The Nook"',
      unisex: true,
      changing_table: true,
      hours: [{ day: 1, open: 900, close: 1700 }],
      source: 'osm',
      licence: 'ODbL-1.0',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('keeps a restroom without a position, with no geometry', () => {
    expect(openDataFeature({ ...restroom, latitude: null, longitude: null }).geometry).toBeNull();
  });

  it('leaves out the adder, the moderation state and the internal place link', () => {
    const properties = openDataFeature(restroom).properties as Record<string, unknown>;
    expect(['username', 'status', 'is_removed', 'place_id'].filter((key) => key in properties)).toEqual([]);
  });
});

describe('unknown values in the export', () => {
  const unknown: Restroom = { ...restroom, unisex: null, is_single_stall: null, menstrual_products: null, access: null, fee: null };

  it('are null in GeoJSON, never false', () => {
    expect(openDataFeature(unknown).properties).toMatchObject({
      unisex: null,
      accessible: false,
      is_single_stall: null,
      menstrual_products: null,
      access: null,
      fee: null,
    });
  });

  it('are empty cells in CSV, while a known no stays false', () => {
    expect(openDataCsvHeader()).toContain(',is_single_stall,menstrual_products,access,fee,opening_hours,');
    expect(openDataCsvRecord(unknown)).toContain(',44.98,-93.27,,false,true,,,,,Mo 09:00-17:00,');
  });
});

describe('openDataCsvRecord', () => {
  it('writes the fee as OpenStreetMap tags it: yes when paid, no when free, empty when unknown', () => {
    const feeCell = (fee: Restroom['fee']) => openDataCsvRecord({ ...restroom, name: 'Nook', fee }).split(',')[OPEN_DATA_CSV_COLUMNS.indexOf('fee')];
    expect([feeCell('paid'), feeCell('free'), feeCell(null)]).toEqual(['yes', 'no', '']);
    expect(openDataFeature({ ...restroom, fee: 'paid' }).properties.fee).toBe('paid');
  });

  it('writes the columns in header order, the hours as opening_hours text and Refuge rows as CC BY-SA', () => {
    expect(openDataCsvHeader().startsWith('id,name,street,city,state,country,latitude,longitude,unisex,')).toBe(true);
    const record = openDataCsvRecord({ ...restroom, source: 'refuge' });
    expect(record).toBe(
      '0190a000-0000-7000-8000-000000000001,"Cafe, ""The Nook""",1 Main St,Minneapolis,MN,US,44.98,-93.27,' +
        'true,false,true,false,false,public,no,Mo 09:00-17:00,America/Chicago,3,1,,refuge,CC-BY-SA-4.0,Refuge Restrooms contributors,' +
        '2026-01-02T03:04:05.000Z,2026-02-03T04:05:06.000Z\r\n',
    );
  });
});
