import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allstallMigrationProvider, allstallMigrations } from '@allstall/migrations';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { createPostgresSchemaIfAsked } from './helpers.js';

describe('migrations', () => {
  it('are named YYYYMMDDHHmm_verb_noun and listed in order', () => {
    const names = Object.keys(allstallMigrations);
    expect(names.every((name) => /^\d{12}_[a-z]+(_[a-z]+)+$/.test(name))).toBe(true);
    expect(names).toEqual([...names].sort());
  });

  it('run up, all the way down and up again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-migrations-'));
    const postgres = await createPostgresSchemaIfAsked();
    const { db } = connectDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'm.sqlite') },
    );
    try {
      const migrator = new Migrator({ db, provider: allstallMigrationProvider });
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
      const tables = await db.introspection.getTables();
      expect(tables.map((table) => table.name).filter((name) => !name.startsWith('kysely_'))).toEqual([]);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
