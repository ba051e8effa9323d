import { nearestByWideningBox, type BoundingBox, type LatLng } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { restroomIsVisible, selectRestrooms, type RestroomRow } from './restrooms.js';

/**
 * The `limit` visible restrooms nearest `origin`, nearest first, each with its distance in miles:
 * the same answer as ranking every visible row, read through the coordinates index a box at a time.
 * Rows at equal distance come in id order, so both database engines answer alike.
 */
export async function nearestVisibleRestroomRows(
  db: Kysely<Database>,
  origin: LatLng,
  limit: number,
): Promise<Array<RestroomRow & { distance: number }>> {
  return nearestByWideningBox((box) => visibleRestroomRowsIn(db, box), origin, limit);
}

async function visibleRestroomRowsIn(db: Kysely<Database>, box: BoundingBox): Promise<RestroomRow[]> {
  const rows = await selectRestrooms(db)
    .where(restroomIsVisible)
    .where('restrooms.latitude', '>=', box.south)
    .where('restrooms.latitude', '<=', box.north)
    .where('restrooms.longitude', '>=', box.west)
    .where('restrooms.longitude', '<=', box.east)
    .execute();
  // Sorted here rather than in SQL: an ORDER BY id could tempt the planner off the coordinates index,
  // and JavaScript's code-unit order is the same whatever collation the database uses.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
