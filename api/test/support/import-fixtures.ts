import type { ImportResult, ImportRow } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../../src/app.js';
import { write, type Person } from './fixtures.js';

/** A clean Refuge row as the review answer gives it, for requests that only need a valid body. */
export function refugeImportRow(sourceId: string, overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    source_id: sourceId,
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
    // Refuge says nothing of these (shared/src/imports/refuge.ts).
    is_single_stall: null,
    menstrual_products: null,
    access: null,
    fee: null,
    directions: null,
    comment: null,
    upvotes: 2,
    downvotes: 0,
    hours: null,
    place_id: null,
    created_at: '2019-06-14T17:20:31.512Z',
    updated_at: '2019-06-14T17:20:31.512Z',
    ...overrides,
  };
}

/** Review rows back to import rows: 'Add all to database' sends what it was shown, less the markers. */
export function asImportRows(rows: ReadonlyArray<ImportRow & { already_imported: boolean; restroom_id: string | null }>): ImportRow[] {
  return rows.map(({ already_imported: _imported, restroom_id: _id, ...row }) => row);
}

/** 'Add all to database' as the admin's device sends it, under a fresh key unless given one; must answer 200. */
export async function importAs(app: App, admin: Person, body: { source: 'refuge' | 'osm'; rows: ImportRow[] }, key = uuidv7()): Promise<ImportResult> {
  const response = await write(app, '/api/admin/import', { as: admin, payload: body, key });
  if (response.statusCode !== 200) throw new Error(`import failed: ${response.statusCode} ${response.body}`);
  return response.json<ImportResult>();
}
