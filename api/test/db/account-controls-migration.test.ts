import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../../src/db/migrator.js';
import { deleteSessionsOf } from '../../src/repositories/sessions.js';
import { columnsOf, emptyTestDatabase, insertUser } from '../support/migration-fixtures.js';

/*
 * 202611300800_add_account_controls on a database whose sessions kept their owner only inside their
 * JSON: each gets its owner as a column, so a new password (which ends every other session by that
 * column) signs out the devices signed in before the upgrade too. Runs on SQLite, and on PostgreSQL
 * in the PG suite.
 */

const BEFORE = '202611290800_add_retention';

describe('202611300800_add_account_controls', () => {
  it('gives every existing session its owner, ends them by it, and goes down and up again', async () => {
    const { database, remove } = await emptyTestDatabase('account-controls-migration');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const owner = await insertUser(db, 'Old Session Owner', 'an old long passphrase');
      const sessions = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const cookie = { originalMaxAge: 1, expires: '2026-12-28T00:00:00.000Z', httpOnly: true, path: '/' };
      await sessions
        .insertInto('sessions')
        .values([
          { id: 'phone', data: JSON.stringify({ cookie, userId: owner }), expires_at: Date.now() + 60_000 },
          { id: 'laptop', data: JSON.stringify({ cookie, userId: owner }), expires_at: Date.now() + 60_000 },
          { id: 'broken', data: '{not json', expires_at: Date.now() + 60_000 },
        ])
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom('sessions').select(['id', 'user_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'broken', user_id: null },
        { id: 'laptop', user_id: owner },
        { id: 'phone', user_id: owner },
      ]);
      expect(await db.transaction().execute((trx) => deleteSessionsOf(trx, owner, 'phone'))).toBe(1);
      expect((await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['broken', 'phone']);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect(await columnsOf(db, 'sessions')).not.toContain('user_id');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await columnsOf(db, 'sessions')).toEqual(expect.arrayContaining(['user_id', 'user_agent', 'created_at', 'last_used_at']));
    } finally {
      await db.destroy();
      await remove();
    }
  });
});
