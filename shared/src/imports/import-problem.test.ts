import { describe, expect, it } from 'vitest';
import type { ImportBody, ImportRow } from '../schemas/imports.js';
import { importProblem } from './import-problem.js';

function row(overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    source_id: '101',
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
    is_single_stall: false,
    menstrual_products: false,
    access: 'public',
    fee: 'free',
    directions: null,
    comment: null,
    upvotes: 0,
    downvotes: 0,
    hours: null,
    place_id: null,
    created_at: null,
    updated_at: null,
    ...overrides,
  };
}

const refuge = (...rows: ImportRow[]): ImportBody => ({ source: 'refuge', rows });

describe('importProblem', () => {
  it('accepts rows as the importers make them', () => {
    expect(importProblem(refuge(row(), row({ source_id: '102', latitude: null, longitude: null })))).toBeNull();
    expect(importProblem({ source: 'osm', rows: [row({ source_id: 'way/45', hours: [{ day: 1, open: 900, close: 1700 }] })] })).toBeNull();
  });

  it('refuses a source id of the other source', () => {
    expect(importProblem(refuge(row(), row({ source_id: 'node/1' })))).toMatchObject({
      field: 'rows.1.source_id',
      message: 'rows.1.source_id must be a Refuge listing id (its edit_id).',
    });
    expect(importProblem({ source: 'osm', rows: [row({ source_id: '101' })] })).toMatchObject({ field: 'rows.0.source_id' });
  });

  it('refuses the same listing twice', () => {
    expect(importProblem(refuge(row(), row()))).toMatchObject({ field: 'rows.1.source_id', message: '101 is in the import twice.' });
  });

  it('refuses a name that is nothing once cleaned, such as a lone direction mark', () => {
    expect(importProblem(refuge(row(), row({ source_id: '102', name: '&#8206; \u200B' })))).toMatchObject({
      field: 'rows.1.name',
      message: 'rows.1.name must have something to read, not only spaces or invisible marks.',
    });
  });

  it('refuses half a position', () => {
    expect(importProblem(refuge(row({ longitude: null })))).toMatchObject({ field: 'rows.0.longitude' });
  });

  it('refuses a date the server cannot read, such as a leap second', () => {
    expect(importProblem(refuge(row({ updated_at: '2016-12-31T23:59:60Z' })))).toMatchObject({
      field: 'rows.0.updated_at',
      message: 'rows.0.updated_at must be a date and time such as 2019-06-14T17:20:31Z.',
    });
    expect(importProblem(refuge(row({ created_at: '2016-12-31T23:59:59Z', updated_at: '2019-06-14T17:20:31.512Z' })))).toBeNull();
  });

  it('refuses hours that overlap', () => {
    const hours = [
      { day: 1, open: 900, close: 1700 },
      { day: 1, open: 1600, close: 1800 },
    ];
    expect(importProblem({ source: 'osm', rows: [row({ source_id: 'node/1', hours })] })).toMatchObject({ field: 'rows.0.hours.1' });
  });
});
