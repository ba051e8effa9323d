import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allstallMigrations } from '@allstall/migrations';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { createMigrator, migrateToLatest } from '../src/db/migrate.js';
import { insertRestroom } from './fixtures.js';
import { createPostgresSchemaIfAsked, createTestApp } from './helpers.js';

describe('migrations', () => {
  it('are named YYYYMMDDHHmm_verb_noun and listed in order', () => {
    const names = Object.keys(allstallMigrations);
    expect(names.every((name) => /^\d{12}_[a-z]+(_[a-z]+)+$/.test(name))).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('run up, all the way down and up again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-migrations-'));
    const postgres = await createPostgresSchemaIfAsked();
    const database = connectDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'm.sqlite') },
    );
    const { db } = database;
    try {
      const migrator = await createMigrator(database);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      const meta = await db.selectFrom('meta').select(['key', 'value']).orderBy('key').execute();
      // bigint comes back as a number on both engines.
      expect(meta).toEqual([
        { key: 'seq', value: 0 },
        { key: 'tombstone_floor', value: 0 },
      ]);

      for (;;) {
        const step = await migrator.migrateDown();
        expect(step.error).toBeUndefined();
        if ((step.results ?? []).length === 0) break;
      }
      // PostgreSQL lists the tables of every schema, other test files' too; SQLite has no schemas.
      const tables = (await db.introspection.getTables()).filter((table) => table.schema === postgres?.schema);
      expect(tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-migrate-job-'));
    const postgres = await createPostgresSchemaIfAsked();
    const env = { MIGRATE_ON_START: '0', DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    try {
      await expect(createTestApp(env)).rejects.toThrow(/schema is behind: \d+ migrations not run yet .*Run the migrate job first/);

      const database = connectDatabase(
        postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'allstall.sqlite') },
      );
      await migrateToLatest(database);
      await database.db.destroy();

      const instance = await createTestApp(env);
      try {
        expect((await instance.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await instance.close();
      }
    } finally {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
