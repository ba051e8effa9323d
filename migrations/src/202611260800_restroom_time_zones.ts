import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';

/*
 * Gives every restroom its own time zone (docs/architecture.md#time-zones): open-now and the hours
 * panel read a restroom's hours on the clocks where it stands, not on the region's. The zone is
 * looked up offline from the position with geo-tz, as the api does on every write that sets a
 * position (api/src/geo/time-zone.ts; a migration cannot import the api, so the rule "the first
 * zone geo-tz answers" is repeated here). A restroom without a position keeps null and is read on
 * the region's zone.
 *
 * Each restroom that already travels in the change feed takes a fresh version, as any write that
 * changes what devices hold does, so every phone pulls the zones on its next sync. A pending
 * restroom keeps version 0 (below every cursor): approving it stamps it then. `updated_at` stays:
 * nothing about the restroom itself changed.
 */

type ZonedTables = {
  restrooms: { id: string; latitude: number | null; longitude: number | null; time_zone: string | null; version: number };
  meta: { key: string; value: number };
};

/** Restrooms read at a time, so a national database is never held in memory at once. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('restrooms').addColumn('time_zone', 'text').execute();
  const tables = db.withTables<ZonedTables>();
  // PostgreSQL runs every migration inside one transaction already; SQLite's migrations run without.
  if (tables.isTransaction) await zoneRestrooms(tables);
  else await tables.transaction().execute(zoneRestrooms);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('restrooms').dropColumn('time_zone').execute();
}

async function zoneRestrooms(db: Kysely<ZonedTables>): Promise<void> {
  const zoneAt = zoneFinder();
  let afterId = '';
  for (;;) {
    const rows = await db
      .selectFrom('restrooms')
      .select(['id', 'latitude', 'longitude', 'version'])
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    afterId = last.id;

    const zoned = rows.flatMap((row) => {
      const zone = zoneAt(row.latitude!, row.longitude!);
      return zone === null ? [] : [{ id: row.id, zone, inFeed: Number(row.version) > 0 }];
    });
    const firstVersion = await reserveVersions(db, zoned.filter((row) => row.inFeed).length);
    let next = firstVersion;
    for (const { id, zone, inFeed } of zoned) {
      await db
        .updateTable('restrooms')
        .set(inFeed ? { time_zone: zone, version: next++ } : { time_zone: zone })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** geo-tz's `find`, loaded here rather than on import: the migration list is loaded on every start. */
function zoneFinder(): (latitude: number, longitude: number) => string | null {
  const { find } = createRequire(import.meta.url)('geo-tz') as { find: (lat: number, lng: number) => string[] };
  return (latitude, longitude) => {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return find(latitude, longitude)[0] ?? null;
  };
}

/**
 * Takes `count` versions from the feed's counter as the api's `nextVersions` does and returns the
 * first. On PostgreSQL the update holds the counter's row until the migration commits, so an api
 * process writing meanwhile takes the versions after these.
 */
async function reserveVersions(db: Kysely<ZonedTables>, count: number): Promise<number> {
  if (count === 0) return 0;
  const { value } = await db
    .updateTable('meta')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('key', '=', 'seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value) - count + 1;
}
