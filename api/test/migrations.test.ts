import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allstallMigrations } from '@allstall/migrations';
import type { RestroomDetail } from '@allstall/shared';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { createMigrator, migrateToLatest } from '../src/db/migrator.js';
import type { Database } from '../src/db/schema.js';
import { readMeta } from '../src/repositories/feed-versions.js';
import { insertRestroom, pull } from './fixtures.js';
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

const TEXT_COLUMNS = ['name', 'street', 'city', 'directions', 'admin_comment', 'version', 'updated_at'] as const;

function storedText(db: Kysely<Database>, id: string) {
  return db.selectFrom('restrooms').select(TEXT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A database migrated to just before 202611250800_clean_listing_text, holding listings as they were stored then. */
async function listingsFromBefore(database: DatabaseHandle) {
  const migrated = await (await createMigrator(database)).migrateTo('202611240800_create_auth_failures');
  expect(migrated.error).toBeUndefined();
  const { db } = database;
  const ids = {
    // As the demo file holds Refuge's listing 413, with a zero-width space in its name as well.
    caribou: await insertRestroom(db, {
      name: 'Caribou\u200B Coffee',
      street: '2111 Snelling Avenue North, St Paul, MN&#8206;',
      city: 'St. Paul',
      source: 'demo',
      source_id: '413',
      updated_at: Date.parse('2014-02-02T20:49:35.168Z'),
    }),
    // Marks only in the text phones never see.
    remark: await insertRestroom(db, { name: 'Walker Art Center', directions: 'Lower level\u200F', admin_comment: 'Ask&amp;#8206; at the desk' }),
    clean: await insertRestroom(db, { name: 'Moon Palace Books & Geek Love Cafe', street: '3032 Minnehaha Ave', source: 'osm', source_id: 'node/1' }),
    // A person's own addition is what they typed, "&amp;" and all.
    typed: await insertRestroom(db, { name: 'Tom &amp; Jerry\u200E', source: 'user', source_id: null }),
  };
  return {
    ids,
    before: { caribou: await storedText(db, ids.caribou), clean: await storedText(db, ids.clean), typed: await storedText(db, ids.typed) },
    cursor: String(await readMeta(db, 'seq')),
  };
}

describe('202611250800_clean_listing_text, on a database that holds listings from before it', () => {
  it('mends listings with entities and invisible marks, gives each a new version for the feed, and leaves the rest alone', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'allstall-clean-text-'));
    const postgres = await createPostgresSchemaIfAsked();
    try {
      const database = connectDatabase(
        postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'allstall.sqlite') },
      );
      const { ids, before, cursor } = await listingsFromBefore(database).finally(() => database.db.destroy());

      // Starting the app runs the migration, as a deploy does.
      const migrated = await createTestApp({ DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
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
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
