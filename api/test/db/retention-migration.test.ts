import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createMigrator } from '../../src/db/migrator.js';
import type { Database } from '../../src/db/schema.js';
import { columnsOf, emptyTestDatabase } from '../support/migration-fixtures.js';

/*
 * 202611290800_add_retention on a database that already holds applied writes: they keep their whole
 * answer (no summary, so the answer sweep leaves them to the key window), and the floors start at 0.
 * Runs on SQLite, and on PostgreSQL in the PG suite.
 */

const BEFORE_RETENTION = '202611280900_flag_hours';

async function metaKeys(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('meta').select('key').orderBy('key').execute()).map((row) => row.key);
}

describe('202611290800_add_retention', () => {
  it('goes up over existing applied writes, keeping their answers, and down and up again', async () => {
    const { database, remove } = await emptyTestDatabase('retention-migration');
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      expect((await migrator.migrateTo(BEFORE_RETENTION)).error).toBeUndefined();
      expect(await columnsOf(db, 'applied_writes')).not.toContain('summary');
      const key = uuidv7();
      const answer = JSON.stringify({ id: key, inserted_at: '2026-11-28T08:00:00.000Z' });
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('applied_writes')
        .values({ idempotency_key: key, user_id: null, request: 'POST /api/contact', status_code: 201, response: answer, created_at: 1 })
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom('applied_writes').select(['response', 'summary', 'status_code']).execute()).toEqual([
        { response: answer, summary: null, status_code: 201 },
      ]);
      expect(await metaKeys(db)).toEqual(['retention_lease', 'seq', 'tombstone_floor', 'write_key_floor']);

      expect((await migrator.migrateTo(BEFORE_RETENTION)).error).toBeUndefined();
      expect(await columnsOf(db, 'applied_writes')).not.toContain('summary');
      expect(await metaKeys(db)).toEqual(['seq', 'tombstone_floor']);
      expect(await db.selectFrom('applied_writes').select('idempotency_key').execute()).toEqual([{ idempotency_key: key }]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await columnsOf(db, 'applied_writes')).toContain('summary');
    } finally {
      await db.destroy();
      await remove();
    }
  });
});
