import { sameWeeklyHours, type HoursRange, type ImportRow, type ImportSource, type UnplacedImport } from '@allstall/shared';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database, RestroomsTable } from '../db/schema.js';
import { timeZoneAt } from '../geo/time-zone.js';
import { nextVersions } from './feed-versions.js';
import { chunk, flagFromAmenity } from './convert.js';
import { insertRestroomIn, replaceHoursIn } from './restroom-changes.js';
import { hoursByRestroomId } from './restrooms.js';

/** Source ids per `IN (...)` query. */
const SOURCE_ID_QUERY_CHUNK = 1000;

/** The columns an import owns: what the source says about a listing. */
const IMPORTED_COLUMNS = [
  'name',
  'street',
  'city',
  'state',
  'country',
  'latitude',
  'longitude',
  'time_zone',
  'unisex',
  'accessible',
  'changing_table',
  'is_single_stall',
  'menstrual_products',
  'access',
  'fee',
  'directions',
  'admin_comment',
  'place_id',
] as const;

type ImportedColumn = (typeof IMPORTED_COLUMNS)[number];
type ImportedColumns = Pick<Selectable<RestroomsTable>, ImportedColumn>;

/** A listing already in our database, as an import compares against it. */
interface ExistingListing extends ImportedColumns {
  id: string;
  source_id: string;
  hours: HoursRange[];
}

/** The restroom ids of listings already imported from `source`, by their source id. */
export async function importedRestroomIds(
  db: Kysely<Database>,
  source: ImportSource,
  sourceIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunk(sourceIds, SOURCE_ID_QUERY_CHUNK)) {
    const rows = await db
      .selectFrom('restrooms')
      .select(['id', 'source_id'])
      .where('source', '=', source)
      .where('source_id', 'in', batch)
      .execute();
    for (const row of rows) if (row.source_id !== null) ids.set(row.source_id, row.id);
  }
  return ids;
}

async function existingListings(trx: Transaction<Database>, source: ImportSource, sourceIds: readonly string[]): Promise<Map<string, ExistingListing>> {
  const listings = new Map<string, ExistingListing>();
  for (const batch of chunk(sourceIds, SOURCE_ID_QUERY_CHUNK)) {
    const rows = await trx
      .selectFrom('restrooms')
      .select(['id', 'source_id', ...IMPORTED_COLUMNS])
      .where('source', '=', source)
      .where('source_id', 'in', batch)
      .execute();
    const hours = await hoursByRestroomId(trx, rows.map((row) => row.id));
    for (const { source_id, ...row } of rows) {
      if (source_id !== null) listings.set(source_id, { ...row, source_id, hours: hours.get(row.id) ?? [] });
    }
  }
  return listings;
}

/**
 * A row's columns. What a source cannot know keeps what we have: a row without a position keeps
 * one an admin's geocoding found, a row without hours or a place id (Refuge has neither) keeps
 * those the hours tool filled in, and an amenity, access or fee the source leaves unknown keeps what an
 * admin or an approved suggestion settled (docs/product-rules.md#what-we-know).
 */
function columnsOf(row: ImportRow, existing: ExistingListing | undefined): ImportedColumns {
  const placed = row.latitude !== null && row.longitude !== null;
  const latitude = placed ? row.latitude : (existing?.latitude ?? null);
  const longitude = placed ? row.longitude : (existing?.longitude ?? null);
  // Looked up only for a new or moved position: a national import brings tens of thousands of rows.
  const known = existing !== undefined && existing.time_zone !== null && existing.latitude === latitude && existing.longitude === longitude;
  return {
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude,
    longitude,
    time_zone: known ? existing.time_zone : timeZoneAt(latitude, longitude),
    unisex: flagFromAmenity(row.unisex) ?? existing?.unisex ?? null,
    accessible: flagFromAmenity(row.accessible) ?? existing?.accessible ?? null,
    changing_table: flagFromAmenity(row.changing_table) ?? existing?.changing_table ?? null,
    is_single_stall: flagFromAmenity(row.is_single_stall) ?? existing?.is_single_stall ?? null,
    menstrual_products: flagFromAmenity(row.menstrual_products) ?? existing?.menstrual_products ?? null,
    access: row.access ?? existing?.access ?? null,
    fee: row.fee ?? existing?.fee ?? null,
    directions: row.directions,
    admin_comment: row.comment,
    place_id: row.place_id ?? existing?.place_id ?? null,
  };
}

/** The columns that differ from the listing as stored; empty when the import changes nothing. */
function changedColumns(next: ImportedColumns, existing: ExistingListing): Updateable<RestroomsTable> {
  const changed: Record<string, unknown> = {};
  for (const column of IMPORTED_COLUMNS) if (next[column] !== existing[column]) changed[column] = next[column];
  return changed as Updateable<RestroomsTable>;
}

function epochMsOr(iso: string | null, fallback: number): number {
  return iso === null ? fallback : Date.parse(iso);
}

/** What an import did, with enough detail for the moderation log. */
export interface ImportOutcome {
  inserted: Array<{ source_id: string; id: string }>;
  updated: Array<{ source_id: string; id: string; before: Partial<ImportedColumns> & { hours?: HoursRange[] } }>;
  unchanged: number;
  withoutCoordinates: UnplacedImport[];
}

/**
 * Adds or refreshes listings from `source` inside the caller's transaction, keyed on (source,
 * source_id). A new listing is approved at once (an admin chose to add it) with the source's
 * counts and dates; a known one is updated only where the source now says something else, keeping
 * its status, removal, counts (local feedback moves them from then on) and anything the source
 * cannot know. Only rows that change take a change-feed version, so importing the same rows again
 * changes nothing at all.
 */
export async function upsertImportRows(
  trx: Transaction<Database>,
  source: ImportSource,
  rows: readonly ImportRow[],
  nowMs: number,
): Promise<ImportOutcome> {
  const existing = await existingListings(trx, source, rows.map((row) => row.source_id));
  const inserts: Array<{ row: ImportRow; columns: ImportedColumns }> = [];
  const updates: Array<{ row: ImportRow; listing: ExistingListing; changes: Updateable<RestroomsTable>; hoursChange: boolean }> = [];
  const withoutCoordinates: UnplacedImport[] = [];
  let unchanged = 0;

  for (const row of rows) {
    const listing = existing.get(row.source_id);
    const columns = columnsOf(row, listing);
    if (columns.latitude === null || columns.longitude === null) withoutCoordinates.push({ source_id: row.source_id, name: row.name });
    if (listing === undefined) {
      inserts.push({ row, columns });
      continue;
    }
    const changes = changedColumns(columns, listing);
    const hoursChange = row.hours !== null && !sameWeeklyHours(row.hours, listing.hours);
    if (Object.keys(changes).length === 0 && !hoursChange) unchanged += 1;
    else updates.push({ row, listing, changes, hoursChange });
  }

  const versions = await nextVersions(trx, inserts.length + updates.length);
  const takeVersion = (): number => {
    const version = versions.shift();
    if (version === undefined) throw new Error('an import ran out of the versions it reserved');
    return version;
  };

  const outcome: ImportOutcome = { inserted: [], updated: [], unchanged, withoutCoordinates };
  for (const { row, columns } of inserts) {
    const id = uuidv7();
    await insertRestroomIn(
      trx,
      {
        id,
        ...columns,
        is_removed: 0,
        status: 'approved',
        source,
        source_id: row.source_id,
        added_by: null,
        upvotes: row.upvotes,
        downvotes: row.downvotes,
        last_confirmed_at: null,
        created_at: epochMsOr(row.created_at, nowMs),
        updated_at: epochMsOr(row.updated_at, nowMs),
        version: takeVersion(),
      },
      row.hours ?? [],
    );
    outcome.inserted.push({ source_id: row.source_id, id });
  }
  for (const { row, listing, changes, hoursChange } of updates) {
    const version = takeVersion();
    await trx.updateTable('restrooms').set({ ...changes, updated_at: nowMs, version }).where('id', '=', listing.id).execute();
    if (hoursChange) await replaceHoursIn(trx, listing.id, row.hours, nowMs, version);
    const before = Object.fromEntries(Object.keys(changes).map((column) => [column, listing[column as ImportedColumn]]));
    outcome.updated.push({ source_id: row.source_id, id: listing.id, before: hoursChange ? { ...before, hours: listing.hours } : before });
  }
  return outcome;
}

/**
 * What an import changed, as the moderation log keeps it (for 'Add all to database' and for import
 * runs alike): the updated listings as they were before, and the ids of those added and updated.
 */
export function loggedChanges(outcome: ImportOutcome) {
  return {
    before: outcome.updated.length === 0 ? null : { updated: outcome.updated },
    inserted: outcome.inserted,
    updated: outcome.updated.map(({ source_id, id }) => ({ source_id, id })),
  };
}
