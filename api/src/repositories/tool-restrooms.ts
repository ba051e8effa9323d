import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * The restrooms the /api tools work through, in id order: UUIDv7 ids sort by when the restroom was
 * created, so a batch can carry on from an id and a range of ids is a stretch of the admin list.
 * Ids are stored in lower case, and compared as text on both databases.
 */

/** What the geocoding tool needs to look a restroom up. */
export interface UnplacedRestroom {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  place_id: string | null;
}

function selectUnplaced(db: Kysely<Database>, afterId: string | undefined) {
  let query = db
    .selectFrom('restrooms')
    .where((eb) => eb.or([eb('latitude', 'is', null), eb('longitude', 'is', null)]));
  if (afterId !== undefined) query = query.where('id', '>', afterId.toLowerCase());
  return query;
}

/** Up to `limit` restrooms without a position, after `afterId` when given, in id order. */
export async function listUnplacedRestrooms(db: Kysely<Database>, afterId: string | undefined, limit: number): Promise<UnplacedRestroom[]> {
  return selectUnplaced(db, afterId).select(['id', 'name', 'street', 'city', 'state', 'place_id']).orderBy('id').limit(limit).execute();
}

/** How many restrooms without a position come after `afterId`. */
export async function countUnplacedRestrooms(db: Kysely<Database>, afterId: string | undefined): Promise<number> {
  const { count } = await selectUnplaced(db, afterId).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** What the hours tool needs to know of a restroom. */
export interface RangedRestroom {
  id: string;
  name: string;
  place_id: string | null;
}

function selectInIdRange(db: Kysely<Database>, minId: string, maxId: string) {
  return db.selectFrom('restrooms').where('id', '>=', minId.toLowerCase()).where('id', '<=', maxId.toLowerCase());
}

/** Up to `limit` restrooms whose id lies between `minId` and `maxId`, both included, in id order. */
export async function listRestroomsInIdRange(db: Kysely<Database>, minId: string, maxId: string, limit: number): Promise<RangedRestroom[]> {
  return selectInIdRange(db, minId, maxId).select(['id', 'name', 'place_id']).orderBy('id').limit(limit).execute();
}

/** How many restrooms have an id between `minId` and `maxId`, both included. */
export async function countRestroomsInIdRange(db: Kysely<Database>, minId: string, maxId: string): Promise<number> {
  const { count } = await selectInIdRange(db, minId, maxId).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}
