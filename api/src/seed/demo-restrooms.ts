import { readFile } from 'node:fs/promises';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { v7 as uuidv7 } from 'uuid';
import { cleanListingText, HoursRangeSchema, ListingAmenitiesSchema, ListingTextSchema, type FeeValue } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database, OpeningHoursTable } from '../db/schema.js';
import { timeZoneAt } from '../geo/time-zone.js';
import { nextVersions } from '../repositories/feed-versions.js';
import { chunk, flagFromAmenity, flagFromBoolean } from '../repositories/convert.js';

/** The demo file, found from this module so it resolves the same from `src/` (tsx, vitest) and `dist/`. */
const DEMO_FILE_URL = new URL('../../seed/mn-restrooms.json', import.meta.url);

// Rows per INSERT: about 25 columns a restroom keeps each statement far below the parameter limits.
const RESTROOM_INSERT_CHUNK = 200;
const HOURS_INSERT_CHUNK = 1000;

const DemoRestroomSchema = Type.Object({
  refuge_id: Type.Integer(),
  ...ListingTextSchema.properties,
  country: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  // Refuge's listings say nothing of menstrual products: unknown.
  ...Type.Omit(ListingAmenitiesSchema, ['menstrual_products']).properties,
  is_removed: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
  periods: Type.Union([Type.Array(HoursRangeSchema), Type.Null()]),
});
type DemoRestroom = Static<typeof DemoRestroomSchema>;
const demoFileCheck = Compile(Type.Array(DemoRestroomSchema));

/** Reads and checks the demo file (api/seed/mn-restrooms.json, credit: Refuge Restrooms contributors). */
export async function readDemoRestrooms(): Promise<DemoRestroom[]> {
  const parsed: unknown = JSON.parse(await readFile(DEMO_FILE_URL, 'utf8'));
  if (!demoFileCheck.Check(parsed)) {
    const [firstError] = demoFileCheck.Errors(parsed);
    throw new Error(`Demo data does not match its schema at ${firstError?.instancePath}: ${firstError?.message}`);
  }
  return parsed;
}

/**
 * A demo listing's fee. Refuge never asks whether a restroom costs money, so these are stand-ins by
 * the kind of place, there so a demo shows all three answers: libraries, community centers, city
 * halls and parks free; the few places one pays to enter paid; everything else unknown, as most of
 * a real database is (docs/product-rules.md#what-we-know).
 */
const DEMO_FREE = /\blibrary\b|\bcommunity center\b|\bcity hall\b|\bpark$/i;
const DEMO_PAID = /^(science museum of minnesota|minnesota zoo|the works museum|tcf bank stadium)$/i;
function demoFee(name: string): FeeValue {
  if (DEMO_PAID.test(name)) return 'paid';
  return DEMO_FREE.test(name) ? 'free' : null;
}

/**
 * The file lists a few Refuge listings twice (once removed, once live). The (source, source_id)
 * pair is unique, so keep one per listing, preferring the live copy.
 */
function onePerListing(rows: readonly DemoRestroom[]): DemoRestroom[] {
  const byRefugeId = new Map<number, DemoRestroom>();
  for (const row of rows) {
    const kept = byRefugeId.get(row.refuge_id);
    if (kept === undefined || (kept.is_removed && !row.is_removed)) byRefugeId.set(row.refuge_id, row);
  }
  return [...byRefugeId.values()];
}

/**
 * Inserts the demo restrooms as approved `demo` rows (removed ones stay removed), each with its own
 * change-feed version, and their opening hours (`periods: null` means unknown hours: no rows).
 * Returns how many restrooms were inserted.
 */
export async function insertDemoRestrooms(trx: Transaction<Database>, demoRows: readonly DemoRestroom[]): Promise<number> {
  // Removed listings take the lowest versions. A device's first walk through the feed skips hidden
  // rows, and every later page starts after a visible one, so it never hears of them at all.
  const rows = onePerListing(demoRows).sort((a, b) => Number(b.is_removed) - Number(a.is_removed));
  const versions = await nextVersions(trx, rows.length);
  const hours: OpeningHoursTable[] = [];
  const restrooms = rows.map((row, index) => {
    const id = uuidv7();
    for (const { day, open, close } of row.periods ?? []) hours.push({ restroom_id: id, day, open, close });
    // The file is Refuge's text as it was: cleaned as an import of the same listing would be.
    const { name, street, city, state, country } = cleanListingText({ ...row, directions: null, comment: null });
    return {
      id,
      name,
      street,
      city,
      state,
      country,
      latitude: row.latitude,
      longitude: row.longitude,
      time_zone: timeZoneAt(row.latitude, row.longitude),
      // What the demo rows know (docs/product-rules.md#what-we-know), as 202611270800_yes_no_unknown
      // left the demo rows of older databases: Refuge's three answers; single stall only when the
      // old project said yes (its no was a default); menstrual products and access never asked.
      unisex: flagFromAmenity(row.unisex),
      accessible: flagFromAmenity(row.accessible),
      changing_table: flagFromAmenity(row.changing_table),
      is_single_stall: row.is_single_stall === true ? 1 : null,
      menstrual_products: null,
      access: null,
      // A database seeded before fees existed keeps them unknown (202611280800_restroom_fee).
      fee: demoFee(name),
      is_removed: flagFromBoolean(row.is_removed),
      status: 'approved' as const,
      source: 'demo' as const,
      source_id: String(row.refuge_id),
      place_id: null,
      directions: null,
      admin_comment: null,
      added_by: null,
      last_confirmed_at: null,
      created_at: epochMsFromPostgresTimestamp(row.created_at),
      updated_at: epochMsFromPostgresTimestamp(row.updated_at),
      version: versions[index] ?? 0,
    };
  });
  for (const batch of chunk(restrooms, RESTROOM_INSERT_CHUNK)) await trx.insertInto('restrooms').values(batch).execute();
  for (const batch of chunk(hours, HOURS_INSERT_CHUNK)) await trx.insertInto('opening_hours').values(batch).execute();
  return restrooms.length;
}

const POSTGRES_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?([+-]\d{2})(?::?(\d{2}))?$/;

/**
 * Parses PostgreSQL's text form of a timestamptz (`2019-08-30 18:04:17.536-05`): a space for the
 * `T`, zero to six fraction digits and an hour-only offset, none of which Date.parse promises to read.
 */
export function epochMsFromPostgresTimestamp(text: string): number {
  const match = POSTGRES_TIMESTAMP.exec(text);
  if (match === null) throw new Error(`Not a PostgreSQL timestamp: '${text}'`);
  const [, date, time, fraction = '', offsetHours, offsetMinutes = '00'] = match;
  const milliseconds = fraction.padEnd(3, '0').slice(0, 3);
  return Date.parse(`${date}T${time}.${milliseconds}${offsetHours}:${offsetMinutes}`);
}
