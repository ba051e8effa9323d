import type { FlagReview, RestroomDetail } from '@allstall/shared';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../../src/db/migrator.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { insertRestroom, pull, signInAdmin, write } from '../support/fixtures.js';
import { createTestApp, TEST_ADMIN } from '../support/helpers.js';
import { columnsOf, emptyTestDatabase, insertUser } from '../support/migration-fixtures.js';

/*
 * 202611280800_restroom_fee on a database that holds restrooms and flags from before it
 * (docs/product-rules.md#what-we-know): every fee starts unknown and nothing is re-versioned, since
 * a device's rows already read as fee unknown. Runs on SQLite, and on PostgreSQL in the PG suite.
 */

const BEFORE_FEE = '202611270900_create_confirmations';

describe('202611280800_restroom_fee, on a database from before it', () => {
  it('adds the fee as unknown to every restroom and flag, and versions nothing, so no device pulls anything', async () => {
    const { database, appEnv, remove } = await emptyTestDatabase('restroom-fee');
    try {
      const before = await (async () => {
        expect((await (await createMigrator(database)).migrateTo(BEFORE_FEE)).error).toBeUndefined();
        const { db } = database;
        expect(await columnsOf(db, 'restrooms')).not.toContain('fee');
        const ids = {
          visible: await insertRestroom(db, { name: 'Before Fees Cafe', access: 'public' }),
          pending: await insertRestroom(db, { name: 'Pending Before Fees', status: 'pending', version: 0 }),
        };
        await db.insertInto('opening_hours').values({ restroom_id: ids.visible, day: 1, open: 900, close: 1700 }).execute();
        await insertUser(db, TEST_ADMIN.username, TEST_ADMIN.password, true);
        const kim = await insertUser(db, 'Kim', 'a password Kim never uses');
        // A flag raised before fees existed: its original (the restroom as it stood) has no fee either.
        const flagId = uuidv7();
        const originalJson = JSON.stringify({
          id: ids.visible, name: 'Before Fees Cafe', street: '1 Main St', city: 'Minneapolis', state: 'MN',
          unisex: true, accessible: false, changing_table: false, is_single_stall: false, menstrual_products: false, access: 'public', is_removed: false,
        });
        await db
          .insertInto('flags')
          .values({
            id: flagId, restroom_id: ids.visible, user_id: kim, proposed_name: 'Before Fees Cafe (upstairs)', proposed_street: '1 Main St',
            proposed_city: 'Minneapolis', proposed_state: 'MN', proposed_unisex: 1, proposed_accessible: 0, proposed_changing_table: 0,
            proposed_is_single_stall: 0, proposed_menstrual_products: 0, proposed_access: 'public', proposed_is_closed: 0, other: '',
            status: 'open', created_at: Date.now(), resolved_by: null, resolved_at: null, original_json: originalJson,
          })
          .execute();
        const versions = new Map((await db.selectFrom('restrooms').select(['id', 'version']).execute()).map((row) => [row.id, Number(row.version)]));
        const cursor = await readMeta(db, 'seq');
        await db.destroy();
        return { ids, flagId, versions, cursor };
      })();
      const { ids, flagId, versions, cursor } = before;

      // Starting the app runs the migration, as a deploy does.
      const migrated = await createTestApp(appEnv);
      try {
        const { app } = migrated;
        const stored = await app.db.selectFrom('restrooms').select(['id', 'fee', 'version']).execute();
        expect(stored.map((row) => ({ id: row.id, fee: row.fee, version: Number(row.version) })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [...versions].map(([id, version]) => ({ id, fee: null, version })).sort((a, b) => a.id.localeCompare(b.id)),
        );
        expect(await readMeta(app.db, 'seq')).toBe(cursor);
        // A device at the old cursor has nothing to pull; one starting afresh reads the fee unknown.
        expect((await pull(app, String(cursor))).restrooms).toEqual([]);
        expect((await pull(app)).restrooms.find((restroom) => restroom.id === ids.visible)).toMatchObject({ fee: null, access: 'public' });
        const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${ids.visible}` })).json<RestroomDetail>();
        expect(detail).toMatchObject({ fee: null, hours: [{ day: 1, open: 900, close: 1700 }] });

        // The old flag reads with the fee unknown on both sides, so it changes only what the person changed.
        const admin = await signInAdmin(app);
        const review = (await app.inject({ method: 'GET', url: '/api/flags', headers: { cookie: admin.cookie } })).json<FlagReview[]>();
        const flag = review.find((candidate) => candidate.id === flagId);
        expect(flag?.original).toMatchObject({ fee: null, access: 'public' });
        expect(flag?.proposed).toMatchObject({ fee: null, name: 'Before Fees Cafe (upstairs)' });
        expect(flag?.changed).toEqual(['name']);

        // And the column takes a fee from now on, which devices then pull.
        const patched = await write(app, `/api/bathrooms/${ids.visible}`, { method: 'PATCH', as: admin, payload: { fee: 'paid' } });
        expect(patched.statusCode, patched.body).toBe(200);
        expect((await pull(app, String(cursor))).restrooms.map((restroom) => [restroom.id, restroom.fee])).toEqual([[ids.visible, 'paid']]);
      } finally {
        await migrated.close();
      }
    } finally {
      await remove();
    }
  });

  it('goes back down without the fee columns, keeping rows and what hangs off them, and up again with fees unknown', async () => {
    const { database, onPostgres, remove } = await emptyTestDatabase('restroom-fee-down');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const paid = await insertRestroom(db, { name: 'Paid Place', fee: 'paid', access: 'customers' });
      const free = await insertRestroom(db, { name: 'Free Place', fee: 'free' });
      await db.insertInto('opening_hours').values({ restroom_id: paid, day: 2, open: 800, close: 1800 }).execute();
      const kim = await insertUser(db, 'Kim', 'a password Kim never uses');
      await db
        .insertInto('flags')
        .values({
          id: uuidv7(), restroom_id: paid, user_id: kim, proposed_name: 'Paid Place', proposed_street: '1 Main St', proposed_city: 'Minneapolis',
          proposed_state: 'MN', proposed_unisex: 1, proposed_accessible: 0, proposed_changing_table: 0, proposed_is_single_stall: 0,
          proposed_menstrual_products: 0, proposed_access: 'customers', proposed_fee: 'free', proposed_is_closed: 0, other: '', status: 'open',
          created_at: Date.now(), resolved_by: null, resolved_at: null, original_json: null,
        })
        .execute();

      expect((await migrator.migrateTo(BEFORE_FEE)).error).toBeUndefined();
      expect(await columnsOf(db, 'restrooms')).not.toContain('fee');
      expect(await columnsOf(db, 'flags')).not.toContain('proposed_fee');
      const names = await db.selectFrom('restrooms').select(['name', 'access']).orderBy('name').execute();
      expect(names).toEqual([{ name: 'Free Place', access: null }, { name: 'Paid Place', access: 'customers' }]);
      expect(await db.selectFrom('opening_hours').select('day').where('restroom_id', '=', paid).execute()).toEqual([{ day: 2 }]);
      expect(await db.selectFrom('flags').select('proposed_access').where('restroom_id', '=', paid).execute()).toEqual([{ proposed_access: 'customers' }]);
      if (!onPostgres) expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      // What went down with the column is not remembered: unknown, as on any first migration.
      expect(await db.selectFrom('restrooms').select(['id', 'fee']).where('id', 'in', [paid, free]).orderBy('id').execute()).toEqual(
        [{ id: paid, fee: null }, { id: free, fee: null }].sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect(await db.selectFrom('flags').select('proposed_fee').execute()).toEqual([{ proposed_fee: null }]);
    } finally {
      await db.destroy();
      await remove();
    }
  });
});
