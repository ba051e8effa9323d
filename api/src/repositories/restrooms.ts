import type { HoursRange, Restroom, WeeklyHours } from '@allstall/shared';
import { sql, type ExpressionBuilder, type InferResult, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { amenitiesFromColumns, booleanFromFlag, chunk, isoFromEpochMs } from './convert.js';

/** Ids per `IN (...)` query when loading opening hours. */
const HOURS_QUERY_CHUNK = 1000;

/** The one place a restroom is selected: explicit columns plus the adder's username. */
export function selectRestrooms(db: Kysely<Database>) {
  return db
    .selectFrom('restrooms')
    .leftJoin('users', 'users.id', 'restrooms.added_by')
    .select([
      'restrooms.id',
      'restrooms.name',
      'restrooms.street',
      'restrooms.city',
      'restrooms.state',
      'restrooms.country',
      'restrooms.latitude',
      'restrooms.longitude',
      'restrooms.time_zone',
      'restrooms.unisex',
      'restrooms.accessible',
      'restrooms.changing_table',
      'restrooms.is_single_stall',
      'restrooms.menstrual_products',
      'restrooms.access',
      'restrooms.fee',
      'restrooms.is_removed',
      'restrooms.status',
      'restrooms.upvotes',
      'restrooms.downvotes',
      'restrooms.last_confirmed_at',
      'restrooms.place_id',
      'restrooms.source',
      'restrooms.created_at',
      'restrooms.updated_at',
      'restrooms.version',
      'users.username as added_by_username',
    ]);
}

/** A restroom row as `selectRestrooms` returns it. */
export type RestroomRow = InferResult<ReturnType<typeof selectRestrooms>>[number];

/** Public means approved and not removed; everything else is for admins only. */
export function restroomIsVisible(eb: ExpressionBuilder<Database, 'restrooms'>) {
  return eb.and([eb('restrooms.status', '=', 'approved'), eb('restrooms.is_removed', '=', 0)]);
}

/** Whether a selected row is publicly visible (the in-memory twin of `restroomIsVisible`). */
export function restroomRowIsVisible(row: Pick<RestroomRow, 'status' | 'is_removed'>): boolean {
  return row.status === 'approved' && row.is_removed === 0;
}

/** Row → API shape. `hours` is null when nothing is known; an empty list is never sent. */
function restroomFromRow(row: RestroomRow, hours: readonly HoursRange[] | undefined): Restroom {
  const weeklyHours: WeeklyHours = hours === undefined || hours.length === 0 ? null : [...hours];
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.time_zone,
    ...amenitiesFromColumns(row),
    access: row.access,
    fee: row.fee,
    is_removed: booleanFromFlag(row.is_removed),
    status: row.status,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    last_confirmed_at: row.last_confirmed_at === null ? null : isoFromEpochMs(row.last_confirmed_at),
    hours: weeklyHours,
    place_id: row.place_id,
    source: row.source,
    username: row.added_by_username,
    created_at: isoFromEpochMs(row.created_at),
    updated_at: isoFromEpochMs(row.updated_at),
  };
}

/** Opening ranges of the given restrooms, by restroom id, ordered by day then opening time. */
export async function hoursByRestroomId(
  db: Kysely<Database>,
  restroomIds: readonly string[],
): Promise<Map<string, HoursRange[]>> {
  const hoursById = new Map<string, HoursRange[]>();
  for (const ids of chunk(restroomIds, HOURS_QUERY_CHUNK)) {
    const rows = await db
      .selectFrom('opening_hours')
      .select(['restroom_id', 'day', 'open', 'close'])
      .where('restroom_id', 'in', ids)
      .orderBy('restroom_id')
      .orderBy('day')
      .orderBy('open')
      .execute();
    for (const { restroom_id, day, open, close } of rows) {
      const ranges = hoursById.get(restroom_id) ?? [];
      ranges.push({ day, open, close });
      hoursById.set(restroom_id, ranges);
    }
  }
  return hoursById;
}

/** Maps rows to restrooms, loading every row's hours in one query per chunk rather than one per row. */
export async function restroomsWithHours(db: Kysely<Database>, rows: readonly RestroomRow[]): Promise<Restroom[]> {
  const hoursById = await hoursByRestroomId(db, rows.map((row) => row.id));
  return rows.map((row) => restroomFromRow(row, hoursById.get(row.id)));
}

/** What GET /api/bathrooms lists. */
export interface RestroomListOptions {
  /** Pending, rejected and removed restrooms too (admins only). */
  includeHidden: boolean;
  /** Keeps the restrooms whose name or id contains this, ignoring case. */
  filter?: string | undefined;
}

/** Restrooms oldest first: the visible ones, or with `includeHidden` every one. */
export async function listRestrooms(db: Kysely<Database>, { includeHidden, filter }: RestroomListOptions): Promise<Restroom[]> {
  let query = selectRestrooms(db);
  if (!includeHidden) query = query.where(restroomIsVisible);
  const needle = filter?.trim().toLowerCase() ?? '';
  if (needle !== '') {
    // LIKE ignores case on SQLite but not on PostgreSQL, so both sides are lowered; the needle's own
    // wildcards are escaped so a typed '%' or '_' means itself.
    const pattern = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where(
      (eb) => sql<boolean>`(lower(${eb.ref('restrooms.name')}) like ${pattern} escape '\\' or lower(${eb.ref('restrooms.id')}) like ${pattern} escape '\\')`,
    );
  }
  const rows = await query.orderBy('restrooms.created_at').orderBy('restrooms.id').execute();
  return restroomsWithHours(db, rows);
}

/** One visible restroom, or undefined when it does not exist or is not public. */
export async function findVisibleRestroom(db: Kysely<Database>, id: string): Promise<Restroom | undefined> {
  return withHoursIfFound(db, await selectRestrooms(db).where('restrooms.id', '=', id).where(restroomIsVisible).executeTakeFirst());
}

/** One restroom whatever its status, for its adder's receipt; undefined when there is no such row. */
export async function findRestroom(db: Kysely<Database>, id: string): Promise<Restroom | undefined> {
  return withHoursIfFound(db, await selectRestrooms(db).where('restrooms.id', '=', id).executeTakeFirst());
}

async function withHoursIfFound(db: Kysely<Database>, row: RestroomRow | undefined): Promise<Restroom | undefined> {
  if (row === undefined) return undefined;
  const [restroom] = await restroomsWithHours(db, [row]);
  return restroom;
}

/** Every restroom a person added, visible or not, newest first. */
export async function listRestroomsAddedBy(db: Kysely<Database>, userId: string): Promise<Restroom[]> {
  const rows = await selectRestrooms(db)
    .where('restrooms.added_by', '=', userId)
    .orderBy('restrooms.created_at', 'desc')
    .orderBy('restrooms.id', 'desc')
    .execute();
  return restroomsWithHours(db, rows);
}
