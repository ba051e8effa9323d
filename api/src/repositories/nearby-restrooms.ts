import { createNearestGrid, roundedMiles, type LatLng, type NearestGrid, type Restroom } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readMeta } from './feed-versions.js';
import { restroomIsVisible, restroomsWithHours, selectRestrooms } from './restrooms.js';

/**
 * Cached restrooms per index: enough for the busy parts of a big region, and at about a kilobyte
 * each a few megabytes at most.
 */
const CACHED_RESTROOMS = 5000;

/** What is known of the visible restrooms as of one value of `meta.seq`. */
interface SeqIndex {
  seq: number;
  /** Their positions in id order, and a grid over them, built once. */
  positions: Promise<{ ids: string[]; grid: NearestGrid }>;
  /** Restrooms already read whole, with their hours, by id. */
  restrooms: Map<string, Restroom>;
}

/**
 * One index per database handle. Every write that changes what the public sees, hours and counts
 * included, moves `meta.seq` (docs/architecture.md#the-change-feed), so what was read at the same seq is still the truth;
 * checking seq on every request keeps several api processes on one database correct without telling
 * each other anything.
 */
const indexes = new WeakMap<Kysely<Database>, SeqIndex>();

/**
 * The `limit` visible restrooms nearest `origin`, nearest first, each with its distance in miles:
 * the same answer as ranking every visible row. Positions come from an in-memory grid of the visible
 * restrooms, rebuilt when `meta.seq` moves; whole rows and hours are read for winners not read
 * before at this seq. Rows at equal distance come in id order, so both database engines answer alike.
 */
export async function nearestVisibleRestrooms(
  db: Kysely<Database>,
  origin: LatLng,
  limit: number,
): Promise<Array<Restroom & { distance: number }>> {
  const index = await currentIndex(db);
  const { ids, grid } = await index.positions;
  const nearest: Array<{ id: string; distance: number }> = [];
  for (const { index: at, exact } of grid.nearestFirst(origin)) {
    if (nearest.length === limit) break;
    nearest.push({ id: ids[at]!, distance: roundedMiles(exact) });
  }
  const unread = nearest.map(({ id }) => id).filter((id) => !index.restrooms.has(id));
  if (unread.length > 0) {
    const read = await visibleRestroomsWithHours(db, unread);
    if (index.restrooms.size + read.length > CACHED_RESTROOMS) index.restrooms.clear();
    for (const restroom of read) index.restrooms.set(restroom.id, restroom);
  }
  // A restroom hidden or deleted since the grid was built is left out rather than answered stale.
  return nearest.flatMap(({ id, distance }) => {
    const restroom = index.restrooms.get(id);
    return restroom === undefined ? [] : [{ ...restroom, distance }];
  });
}

/** The index for the current `meta.seq`, its grid built at most once per seq and handle. */
async function currentIndex(db: Kysely<Database>): Promise<SeqIndex> {
  const seq = await readMeta(db, 'seq');
  const current = indexes.get(db);
  if (current?.seq === seq) return current;
  // Everything is read after seq, so at least as new as the seq it is filed under: a write landing
  // in between moves seq again, and the next request starts afresh.
  const positions = readVisiblePositions(db).then((rows) => ({ ids: rows.map((row) => row.id), grid: createNearestGrid(rows) }));
  const index: SeqIndex = { seq, positions, restrooms: new Map() };
  // A request that read an older seq before a newer index was filed keeps its index to itself.
  if (current === undefined || seq > current.seq) indexes.set(db, index);
  // A failed read must not stay cached: the next request tries again.
  index.positions.catch(() => {
    if (indexes.get(db) === index) indexes.delete(db);
  });
  return index;
}

async function readVisiblePositions(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('restrooms')
    .select(['restrooms.id', 'restrooms.latitude', 'restrooms.longitude'])
    .where(restroomIsVisible)
    .where('restrooms.latitude', 'is not', null)
    .where('restrooms.longitude', 'is not', null)
    .execute();
  // In id order: the grid hands out equal distances in input order, and id order is what both engines
  // agree on (JavaScript's code-unit order, whatever collation the database uses).
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The visible restrooms among `ids`, with their hours. Two queries rather than one join: joined, each
 * wide restroom row comes back once per opening range, and better-sqlite3 takes about three times as
 * long to build those rows (0.97 ms against 0.27 ms for 20 restrooms).
 */
async function visibleRestroomsWithHours(db: Kysely<Database>, ids: readonly string[]): Promise<Restroom[]> {
  return restroomsWithHours(db, await selectRestrooms(db).where(restroomIsVisible).where('restrooms.id', 'in', ids).execute());
}
