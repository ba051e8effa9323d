import { allstallMigrations } from '@allstall/migrations';
import type { RestroomDetail } from '@allstall/shared';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { createMigrator, migrateToLatest } from '../../src/db/migrator.js';
import type { Database } from '../../src/db/schema.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { insertRestroom, pull, type RestroomOverrides } from '../support/fixtures.js';
import { createTestApp } from '../support/helpers.js';
import { emptyTestDatabase } from '../support/migration-fixtures.js';

describe('migrations', () => {
  it('are named YYYYMMDDHHmm_verb_noun and listed in order', () => {
    const names = Object.keys(allstallMigrations);
    expect(names.every((name) => /^\d{12}_[a-z]+(_[a-z]+)+$/.test(name))).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('run up, all the way down and up again', async () => {
    const { database, schema, remove } = await emptyTestDatabase('migrations');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const meta = await db.selectFrom('meta').select(['key', 'value']).orderBy('key').execute();
      // bigint comes back as a number on both engines.
      expect(meta).toEqual([
        { key: 'retention_lease', value: 0 },
        { key: 'seq', value: 0 },
        { key: 'tombstone_floor', value: 0 },
        { key: 'write_key_floor', value: 0 },
      ]);

      for (;;) {
        const step = await migrator.migrateDown();
        expect(step.error).toBeUndefined();
        if ((step.results ?? []).length === 0) break;
      }
      // PostgreSQL lists the tables of every schema, other test files' too; SQLite has no schemas.
      const tables = (await db.introspection.getTables()).filter((table) => table.schema === schema);
      expect(tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
      await remove();
    }
  });
});

describe('two apps open at once, each on a database of its own', () => {
  it('are both migrated, and neither sees the other one’s restrooms', async () => {
    const first = await createTestApp();
    try {
      const second = await createTestApp();
      try {
        const firstOnly = await insertRestroom(first.app.db, { name: 'Only in the first' });
        const listed = async (app: typeof first.app) =>
          (await app.inject({ method: 'GET', url: '/api/bathrooms' })).json<Array<{ id: string }>>().map((restroom) => restroom.id);
        expect(await listed(first.app)).toEqual([firstOnly]);
        expect(await listed(second.app)).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('with MIGRATE_ON_START=0, as instances behind a separate migrate job', () => {
  it('refuses to start on an outdated schema, naming the job to run, and starts once it has run', async () => {
    const { database, appEnv, remove } = await emptyTestDatabase('migrate-job');
    const env = { MIGRATE_ON_START: '0', ...appEnv };
    try {
      await expect(createTestApp(env)).rejects.toThrow(/schema is behind: \d+ migrations not run yet .*Run the migrate job first/);

      await migrateToLatest(database);
      await database.db.destroy();

      const instance = await createTestApp(env);
      try {
        expect((await instance.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await instance.close();
      }
    } finally {
      await remove();
    }
  });
});

/**
 * What 202611270800_yes_no_unknown leaves as it is (every amenity a known yes, `public` false), for
 * rows in the tests of earlier migrations: those start the app, which runs every later migration
 * too, and they count what the feed brings. `public` is gone from today's types, hence the cast.
 */
const KEPT_BY_YES_NO_UNKNOWN = { unisex: 1, accessible: 1, changing_table: 1, is_single_stall: 1, menstrual_products: 1, public: 0 } as RestroomOverrides;

const TEXT_COLUMNS = ['name', 'street', 'city', 'directions', 'admin_comment', 'version', 'updated_at'] as const;

function storedText(db: Kysely<Database>, id: string) {
  return db.selectFrom('restrooms').select(TEXT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * A database migrated to just before 202611250800_clean_listing_text, holding listings as they were
 * stored then. They have no position, so the later 202611260800_restroom_time_zones (which gives
 * every placed restroom a zone and a fresh version) leaves them as this test expects them.
 */
async function listingsFromBefore(database: DatabaseHandle) {
  const migrated = await (await createMigrator(database)).migrateTo('202611240800_create_auth_failures');
  expect(migrated.error).toBeUndefined();
  const { db } = database;
  const unplaced = { latitude: null, longitude: null, ...KEPT_BY_YES_NO_UNKNOWN };
  const ids = {
    // As the demo file holds Refuge's listing 413, with a zero-width space in its name as well.
    caribou: await insertRestroom(db, {
      name: 'Caribou\u200B Coffee',
      street: '2111 Snelling Avenue North, St Paul, MN&#8206;',
      city: 'St. Paul',
      source: 'demo',
      source_id: '413',
      updated_at: Date.parse('2014-02-02T20:49:35.168Z'),
      ...unplaced,
    }),
    // Marks only in the text phones never see.
    remark: await insertRestroom(db, { name: 'Walker Art Center', directions: 'Lower level\u200F', admin_comment: 'Ask&amp;#8206; at the desk', ...unplaced }),
    clean: await insertRestroom(db, { name: 'Moon Palace Books & Geek Love Cafe', street: '3032 Minnehaha Ave', source: 'osm', source_id: 'node/1', ...unplaced }),
    // A person's own addition is what they typed, "&amp;" and all.
    typed: await insertRestroom(db, { name: 'Tom &amp; Jerry\u200E', source: 'user', source_id: null, ...unplaced }),
  };
  return {
    ids,
    before: { caribou: await storedText(db, ids.caribou), clean: await storedText(db, ids.clean), typed: await storedText(db, ids.typed) },
    cursor: String(await readMeta(db, 'seq')),
  };
}

describe('202611250800_clean_listing_text, on a database that holds listings from before it', () => {
  it('mends listings with entities and invisible marks, gives each a new version for the feed, and leaves the rest alone', async () => {
    const { database, appEnv, remove } = await emptyTestDatabase('clean-text');
    try {
      const { ids, before, cursor } = await listingsFromBefore(database).finally(() => database.db.destroy());

      // Starting the app runs the migration, as a deploy does.
      const migrated = await createTestApp(appEnv);
      try {
        const { app } = migrated;
        const changes = await pull(app, cursor);
        expect(changes.reset).toBe(false);
        expect(changes.restrooms.map((restroom) => restroom.id)).toEqual([ids.caribou, ids.remark]);
        expect(changes.restrooms[0]).toMatchObject({ name: 'Caribou Coffee', street: '2111 Snelling Avenue North, St Paul, MN', city: 'St. Paul' });
        expect(changes.cursor).toBe(String(Number(cursor) + 2));
        const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${ids.caribou}` })).json<RestroomDetail>();
        expect(detail.street).toBe('2111 Snelling Avenue North, St Paul, MN');

        const caribou = await storedText(app.db, ids.caribou);
        expect(caribou.version).toBeGreaterThan(before.caribou.version);
        // Nothing about the restroom changed, so its "Updated" date does not either.
        expect(caribou.updated_at).toBe(before.caribou.updated_at);
        expect(await storedText(app.db, ids.remark)).toMatchObject({ directions: 'Lower level', admin_comment: 'Ask at the desk' });
        expect(await storedText(app.db, ids.clean)).toEqual(before.clean);
        expect(await storedText(app.db, ids.typed)).toEqual(before.typed);

        // The next write takes the version after the mended ones.
        const next = await insertRestroom(app.db, { name: 'After the migration' });
        expect((await storedText(app.db, next)).version).toBe(Number(cursor) + 3);
      } finally {
        await migrated.close();
      }
    } finally {
      await remove();
    }
  });
});

describe('202611260800_restroom_time_zones, on a database that holds restrooms from before it', () => {
  it('gives every placed restroom the zone where it stands, in batches, and a new version to those devices hold', async () => {
    const { database, appEnv, remove } = await emptyTestDatabase('time-zones');
    try {
      const { ids, cursor, pendingBefore, unplacedBefore } = await (async () => {
        const migrated = await (await createMigrator(database)).migrateTo('202611250900_fold_confusable_usernames');
        expect(migrated.error).toBeUndefined();
        const { db } = database;
        const ids = {
          chicago: await insertRestroom(db, { name: 'Chicago Cultural Center', latitude: 41.8837, longitude: -87.6249, ...KEPT_BY_YES_NO_UNKNOWN }),
          denver: await insertRestroom(db, { name: 'Denver Central Library', latitude: 39.7372, longitude: -104.9879, ...KEPT_BY_YES_NO_UNKNOWN }),
          unplaced: await insertRestroom(db, { name: 'Somewhere downtown', latitude: null, longitude: null, ...KEPT_BY_YES_NO_UNKNOWN }),
          // Waiting for review: version 0, which no device ever hears of.
          pending: await insertRestroom(db, {
            name: 'Fort Pierre Depot',
            latitude: 44.3539,
            longitude: -100.3737,
            status: 'pending',
            version: 0,
            ...KEPT_BY_YES_NO_UNKNOWN,
          }),
        };
        // More than one batch of 500, across the Central/Mountain line in Kansas, after the others in id order.
        const now = Date.now();
        await db.transaction().execute(async (trx) => {
          const seq = await readMeta(trx, 'seq');
          const many = Array.from({ length: 1100 }, (_, at) => ({
            id: `0fa00000-0000-7000-8000-${String(at).padStart(12, '0')}`,
            name: `Row ${at}`,
            latitude: 39.5,
            longitude: -105 + (at / 1100) * 15, // Denver's longitude to Missouri's
            status: 'approved' as const,
            source: 'osm' as const,
            source_id: `node/${at}`,
            created_at: now,
            updated_at: now,
            version: seq + 1 + at,
            ...KEPT_BY_YES_NO_UNKNOWN,
          }));
          for (let from = 0; from < many.length; from += 200) await trx.insertInto('restrooms').values(many.slice(from, from + 200)).execute();
          await trx.updateTable('meta').set({ value: seq + many.length }).where('key', '=', 'seq').execute();
        });
        const stored = (id: string) => db.selectFrom('restrooms').select(['version', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
        const result = { ids, cursor: await readMeta(db, 'seq'), pendingBefore: await stored(ids.pending), unplacedBefore: await stored(ids.unplaced) };
        await db.destroy();
        return result;
      })();

      // Starting the app runs the migration, as a deploy does.
      const migrated = await createTestApp(appEnv);
      try {
        const { app } = migrated;
        const zones = await app.db.selectFrom('restrooms').select(['id', 'time_zone', 'version', 'updated_at', 'longitude']).execute();
        const byId = new Map(zones.map((row) => [row.id, row]));
        expect(byId.get(ids.chicago)?.time_zone).toBe('America/Chicago');
        expect(byId.get(ids.denver)?.time_zone).toBe('America/Denver');
        expect(byId.get(ids.pending)?.time_zone).toBe('America/Denver');
        // Without a position the zone stays unknown (the region's stands in), and nothing moves.
        expect(byId.get(ids.unplaced)).toMatchObject({ time_zone: null, ...unplacedBefore });
        // The pending restroom keeps version 0; approving it versions it then.
        expect(byId.get(ids.pending)).toMatchObject({ version: 0, updated_at: pendingBefore.updated_at });

        const many = zones.filter((row) => row.id.startsWith('0fa00000-'));
        expect(many).toHaveLength(1100);
        // The line runs along Kansas county lines near 101.4°W.
        const wrong = many.filter((row) => row.time_zone !== (row.longitude! < -101.4 ? 'America/Denver' : 'America/Chicago'));
        expect(wrong.every((row) => Math.abs(row.longitude! + 101.4) < 0.1)).toBe(true);
        expect(new Set(many.map((row) => row.time_zone))).toEqual(new Set(['America/Denver', 'America/Chicago']));

        // Every placed restroom a device holds comes again in the feed, with its zone, each on a version of its own.
        const visiblePlaced = 2 + 1100;
        const versions = zones.filter((row) => row.time_zone !== null && row.version > 0).map((row) => Number(row.version));
        expect(new Set(versions).size).toBe(visiblePlaced);
        expect(Math.min(...versions)).toBe(cursor + 1);
        expect(Math.max(...versions)).toBe(cursor + visiblePlaced);
        const changes = await pull(app, String(cursor));
        const pulled = new Map(changes.restrooms.map((restroom) => [restroom.id, restroom]));
        expect(pulled.get(ids.chicago)?.time_zone).toBe('America/Chicago');
        expect(pulled.get(ids.denver)?.time_zone).toBe('America/Denver');
        expect(pulled.has(ids.unplaced)).toBe(false);
        expect(pulled.has(ids.pending)).toBe(false);
        expect(changes.deleted.restrooms).not.toContain(ids.pending);

        // The next write takes the version after the migration's.
        const next = await insertRestroom(app.db, { name: 'After the migration' });
        expect((await app.db.selectFrom('restrooms').select('version').where('id', '=', next).executeTakeFirstOrThrow()).version).toBe(cursor + visiblePlaced + 1);
      } finally {
        await migrated.close();
      }
    } finally {
      await remove();
    }
  });
});
