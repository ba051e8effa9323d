import { nearestByWideningBox, type BoundingBox, type LatLng } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { restroomIsVisible, selectRestrooms, type RestroomRow } from './restrooms.js';

/**
 * The `limit` visible restrooms nearest `origin`, nearest first, each with its distance in miles:
 * the same answer as ranking every visible row. Only positions are read while the search box widens
 * (through the coordinates index); whole rows are read for the winners alone. Rows at equal
 * distance come in id order, so both database engines answer alike.
 */
export async function nearestVisibleRestroomRows(
  db: Kysely<Database>,
  origin: LatLng,
  limit: number,
): Promise<Array<RestroomRow & { distance: number }>> {
  const nearest = await nearestByWideningBox((box) => visibleRestroomPositionsIn(db, box), origin, limit);
  if (nearest.length === 0) return [];
  const rows = await selectRestrooms(db)
    .where(restroomIsVisible)
    .where('restrooms.id', 'in', nearest.map((position) => position.id))
    .execute();
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  // A restroom hidden or deleted between the two reads is left out rather than answered stale.
  return nearest.flatMap(({ id, distance }) => {
    const row = rowsById.get(id);
    return row === undefined ? [] : [{ ...row, distance }];
  });
}

async function visibleRestroomPositionsIn(
  db: Kysely<Database>,
  box: BoundingBox,
): Promise<Array<Pick<RestroomRow, 'id' | 'latitude' | 'longitude'>>> {
  const positions = await db
    .selectFrom('restrooms')
    .select(['restrooms.id', 'restrooms.latitude', 'restrooms.longitude'])
    .where(restroomIsVisible)
    .where('restrooms.latitude', '>=', box.south)
    .where('restrooms.latitude', '<=', box.north)
    .where('restrooms.longitude', '>=', box.west)
    .where('restrooms.longitude', '<=', box.east)
    .execute();
  // Sorted here rather than in SQL: an ORDER BY id could tempt the planner off the coordinates index,
  // and JavaScript's code-unit order is the same whatever collation the database uses.
  return positions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
