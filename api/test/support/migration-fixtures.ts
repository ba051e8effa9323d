import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';
import { hashPassword } from '../../src/passwords/password-hashes.js';
import { createPostgresSchemaIfAsked, type TestEnv } from './helpers.js';

export interface EmptyTestDatabase {
  /** Not migrated yet: the test takes it to the migration before the one it is about. */
  database: DatabaseHandle;
  onPostgres: boolean;
  /** The schema it lives in on PostgreSQL (its tables are those of this schema only); undefined on SQLite. */
  schema: string | undefined;
  /** The settings of an app started over this same database, as a deploy does after the upgrade. */
  appEnv: TestEnv;
  /** Drops the PostgreSQL schema and the DATA_DIR; destroy `database.db` (and close the app) first. */
  remove(): Promise<void>;
}

/**
 * An empty database of the engine under test, for a migration's test: a SQLite file in its own
 * DATA_DIR, or a fresh schema in the PostgreSQL suite.
 */
export async function emptyTestDatabase(name: string): Promise<EmptyTestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `allstall-${name}-`));
  const postgres = await createPostgresSchemaIfAsked();
  const database = connectDatabase(postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', file: path.join(dataDir, 'allstall.sqlite') });
  return {
    database,
    onPostgres: postgres !== undefined,
    schema: postgres?.schema,
    appEnv: { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    async remove() {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user straight into the database; the app seeds its admin only into an empty one, so a test inserts the admin too. */
export async function insertUser(db: Kysely<Database>, username: string, password: string, isAdmin = false): Promise<string> {
  const id = uuidv7();
  await db
    .insertInto('users')
    .values({ id, username, username_key: username.toLowerCase(), password_hash: await hashPassword(password), is_admin: isAdmin ? 1 : 0, inserted_at: Date.now(), deleted_at: null })
    .execute();
  return id;
}

/** The columns a table has at the migration the database stands at, by name. */
export async function columnsOf(db: Kysely<Database>, table: keyof Database): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((candidate) => candidate.name === table)?.columns.map((column) => column.name) ?? [];
}
