import type { FlagReview, RestroomDetail } from '@allstall/shared';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../../src/db/migrator.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { insertRestroom, pull, signInAdmin, write, type RestroomOverrides } from '../support/fixtures.js';
import { createTestApp, TEST_ADMIN } from '../support/helpers.js';
import { emptyTestDatabase, insertUser } from '../support/migration-fixtures.js';

/*
 * 202611270800_yes_no_unknown on a database that holds restrooms of every source from before it
 * (docs/product-rules.md#what-we-know). Runs on SQLite, and on PostgreSQL in the PG suite.
 */

type Stored = { unisex: number; accessible: number; changing_table: number; is_single_stall: number; menstrual_products: number; public: number };

/** A row as the old schema stored it: every amenity 0/1 and `public` 0/1 (cast: `public` is gone from today's types). */
function oldRow(source: 'demo' | 'refuge' | 'osm' | 'user', stored: Stored, more: RestroomOverrides = {}): RestroomOverrides {
  return { source, source_id: source === 'user' ? null : uuidv7(), ...stored, ...more } as RestroomOverrides;
}

const ALL_NO = { unisex: 0, accessible: 0, changing_table: 0, is_single_stall: 0, menstrual_products: 0 };

describe('202611270800_yes_no_unknown, on a database that holds restrooms from before it', () => {
  it('turns the stored "no" a source never said into unknown, sets access, and versions the changed rows devices hold', async () => {
    const { database, onPostgres, appEnv, remove } = await emptyTestDatabase('yes-no-unknown');
    try {
      const before = await (async () => {
        const migrated = await (await createMigrator(database)).migrateTo('202611260900_create_import_runs');
        expect(migrated.error).toBeUndefined();
        const { db } = database;
        const ids = {
          demo: await insertRestroom(db, oldRow('demo', { ...ALL_NO, unisex: 1, public: 1 }, { name: 'Demo cafe' })),
          demoSingle: await insertRestroom(db, oldRow('demo', { ...ALL_NO, accessible: 1, is_single_stall: 1, public: 1 })),
          refuge: await insertRestroom(db, oldRow('refuge', { ...ALL_NO, accessible: 1, public: 1 })),
          osm: await insertRestroom(db, oldRow('osm', { ...ALL_NO, unisex: 1, public: 1 })),
          userPublic: await insertRestroom(db, oldRow('user', { ...ALL_NO, changing_table: 1, public: 1 })),
          // Nothing to learn: every amenity a yes, and not marked public.
          userKept: await insertRestroom(db, oldRow('user', { unisex: 1, accessible: 1, changing_table: 1, is_single_stall: 1, menstrual_products: 1, public: 0 })),
          // Waiting for review: version 0, which no device ever hears of.
          pending: await insertRestroom(db, oldRow('user', { ...ALL_NO, public: 1 }, { status: 'pending', version: 0 })),
        };
        await insertUser(db, TEST_ADMIN.username, TEST_ADMIN.password, true);
        const kim = await insertUser(db, 'Kim', 'a password Kim never uses');
        // What hangs off the demo row: a comment, hours, and two flags (one with the restroom as it
        // was when raised, holding `public`; one from before such snapshots were kept).
        await db.insertInto('comments').values({ id: uuidv7(), restroom_id: ids.demo, user_id: kim, content: 'Clean.', inserted_at: Date.now(), deleted_at: null, version: 0 }).execute();
        await db.insertInto('opening_hours').values({ restroom_id: ids.demo, day: 1, open: 900, close: 1700 }).execute();
        const originalJson = JSON.stringify({
          id: ids.demo, name: 'Demo cafe', street: '1 Main St', city: 'Minneapolis', state: 'MN',
          unisex: true, accessible: false, changing_table: false, is_single_stall: false, menstrual_products: false, public: true, is_removed: false,
        });
        const flagColumns = {
          user_id: kim, proposed_name: 'Demo cafe (upstairs)', proposed_street: '1 Main St', proposed_city: 'Minneapolis', proposed_state: 'MN',
          proposed_unisex: 1, proposed_accessible: 0, proposed_changing_table: 0, proposed_is_single_stall: 0, proposed_menstrual_products: 0,
          proposed_is_closed: 0, other: '', status: 'open' as const, created_at: Date.now(), resolved_by: null, resolved_at: null,
        };
        const flags = { snapshot: uuidv7(), old: uuidv7() };
        await db.insertInto('flags').values({ ...flagColumns, id: flags.snapshot, restroom_id: ids.demo, original_json: originalJson } as never).execute();
        await db.insertInto('flags').values({ ...flagColumns, id: flags.old, restroom_id: ids.userPublic, original_json: null } as never).execute();

        const versions = new Map((await db.selectFrom('restrooms').select(['id', 'version']).execute()).map((row) => [row.id, Number(row.version)]));
        const cursor = await readMeta(db, 'seq');
        await db.destroy();
        return { ids, flags, versions, cursor };
      })();
      const { ids, flags, cursor } = before;

      // Starting the app runs the migration, as a deploy does.
      const migrated = await createTestApp(appEnv);
      try {
        const { app } = migrated;
        const stored = async (id: string) =>
          app.db
            .selectFrom('restrooms')
            .select(['unisex', 'accessible', 'changing_table', 'is_single_stall', 'menstrual_products', 'access', 'version'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        const values = async (id: string) => {
          const { version: _version, ...rest } = await stored(id);
          return rest;
        };

        // demo: Refuge's three answers stay; single stall's default no and never-asked menstrual products → unknown.
        expect(await values(ids.demo)).toEqual({ unisex: 1, accessible: 0, changing_table: 0, is_single_stall: null, menstrual_products: null, access: null });
        expect(await values(ids.demoSingle)).toMatchObject({ accessible: 1, is_single_stall: 1, menstrual_products: null, access: null });
        // refuge: the same rule.
        expect(await values(ids.refuge)).toEqual({ unisex: 0, accessible: 1, changing_table: 0, is_single_stall: null, menstrual_products: null, access: null });
        // osm: every no → unknown (the old mapping wrote no for "no tag"); yes stays.
        expect(await values(ids.osm)).toEqual({ unisex: 1, accessible: null, changing_table: null, is_single_stall: null, menstrual_products: null, access: null });
        // user: the form asked all but menstrual products; public → 'public'.
        expect(await values(ids.userPublic)).toEqual({ unisex: 0, accessible: 0, changing_table: 1, is_single_stall: 0, menstrual_products: null, access: 'public' });
        expect(await values(ids.userKept)).toEqual({ unisex: 1, accessible: 1, changing_table: 1, is_single_stall: 1, menstrual_products: 1, access: null });

        // Changed visible rows take fresh versions above the old cursor, one each; the rest keep theirs.
        const changed = [ids.demo, ids.demoSingle, ids.refuge, ids.osm, ids.userPublic];
        const newVersions = await Promise.all(changed.map(async (id) => Number((await stored(id)).version)));
        expect(newVersions.every((version) => version > cursor)).toBe(true);
        expect(new Set(newVersions).size).toBe(changed.length);
        expect(Number((await stored(ids.userKept)).version)).toBe(before.versions.get(ids.userKept));
        // The pending row learns too, but keeps version 0.
        expect(await stored(ids.pending)).toMatchObject({ menstrual_products: null, access: 'public', version: 0 });

        // Phones pull exactly the changed rows, with unknown as null.
        const page = await pull(app, String(cursor));
        expect(page.restrooms.map((restroom) => restroom.id).sort()).toEqual([...changed].sort());
        expect(page.restrooms.find((restroom) => restroom.id === ids.osm)).toMatchObject({ unisex: true, accessible: null, access: null });
        expect(page.restrooms.find((restroom) => restroom.id === ids.userPublic)).toMatchObject({ access: 'public', menstrual_products: null });

        // The comment and hours are still attached.
        const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${ids.demo}` })).json<RestroomDetail>();
        expect(detail.hours).toEqual([{ day: 1, open: 900, close: 1700 }]);
        expect(await app.db.selectFrom('comments').select('content').where('restroom_id', '=', ids.demo).execute()).toEqual([{ content: 'Clean.' }]);

        // The flags read back: the snapshot's `public` reads as access unknown, and the proposal
        // changes only what the person changed.
        const admin = await signInAdmin(app);
        const review = (await app.inject({ method: 'GET', url: '/api/flags', headers: { cookie: admin.cookie } })).json<FlagReview[]>();
        const snapshot = review.find((flag) => flag.id === flags.snapshot);
        expect(snapshot?.original).toMatchObject({ access: null, is_single_stall: false });
        expect(snapshot?.proposed).toMatchObject({ access: null, is_single_stall: false, name: 'Demo cafe (upstairs)' });
        expect(snapshot?.changed).toEqual(['name']);
        // The oldest kind is compared with the restroom as it is now, so it follows the restroom.
        const old = review.find((flag) => flag.id === flags.old);
        expect(old?.proposed).toMatchObject({ access: 'public', menstrual_products: null, accessible: false });
        expect(old?.changed).toEqual(['name', 'unisex', 'changing_table']);

        // Foreign keys still hold both ways: deleting the restroom takes its comment, hours and flag with it.
        const deleted = await write(app, `/api/bathrooms/${ids.demo}`, { method: 'DELETE', as: admin });
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(await app.db.selectFrom('comments').select('id').where('restroom_id', '=', ids.demo).execute()).toEqual([]);
        expect(await app.db.selectFrom('opening_hours').select('day').where('restroom_id', '=', ids.demo).execute()).toEqual([]);
        expect(await app.db.selectFrom('flags').select('id').where('restroom_id', '=', ids.demo).execute()).toEqual([]);
        if (!onPostgres) expect((await sql`PRAGMA foreign_key_check`.execute(app.db)).rows).toEqual([]);

        // The next write takes the version after the migration's.
        const next = await insertRestroom(app.db, { name: 'After the migration' });
        expect(Number((await stored(next)).version)).toBeGreaterThan(Math.max(...newVersions));
      } finally {
        await migrated.close();
      }
    } finally {
      await remove();
    }
  });

  it('goes back down with unknown read as no and access as public, keeping rows and what hangs off them, and up again', async () => {
    const { database, onPostgres, remove } = await emptyTestDatabase('yes-no-unknown-down');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const ids = {
        unknown: await insertRestroom(db, { source: 'osm', unisex: null, accessible: 1, changing_table: null, is_single_stall: null, menstrual_products: null, access: null }),
        customers: await insertRestroom(db, { source: 'user', source_id: null, access: 'customers' }),
        userUnknown: await insertRestroom(db, { source: 'user', source_id: null, access: null }),
        publicUser: await insertRestroom(db, { source: 'user', source_id: null, access: 'public' }),
      };
      await db.insertInto('opening_hours').values({ restroom_id: ids.unknown, day: 2, open: 800, close: 1800 }).execute();

      expect((await migrator.migrateTo('202611260900_create_import_runs')).error).toBeUndefined();
      const old = db.withTables<{ restrooms: { id: string; public: number } }>();
      const rows = await old.selectFrom('restrooms').selectAll().execute();
      const byId = new Map(rows.map((row) => [(row as { id: string }).id, row as Record<string, unknown>]));
      expect(byId.get(ids.unknown)).toMatchObject({ unisex: 0, accessible: 1, changing_table: 0, is_single_stall: 0, menstrual_products: 0, public: 1 });
      expect(byId.get(ids.customers)).toMatchObject({ public: 0 });
      expect(byId.get(ids.userUnknown)).toMatchObject({ public: 0 });
      expect(byId.get(ids.publicUser)).toMatchObject({ public: 1 });
      expect(await db.selectFrom('opening_hours').select('day').where('restroom_id', '=', ids.unknown).execute()).toEqual([{ day: 2 }]);
      if (!onPostgres) expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom('restrooms').select(['access']).where('id', '=', ids.publicUser).executeTakeFirstOrThrow()).toEqual({ access: 'public' });
    } finally {
      await db.destroy();
      await remove();
    }
  });
});
