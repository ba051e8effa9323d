import { allstallMigrationProvider } from '@allstall/migrations';
import { Migrator, sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import type { Database } from './schema.js';

/**
 * The migrator for a database. On PostgreSQL its bookkeeping tables (kysely_migration and its lock)
 * are kept in the connection's own schema, where the migrations create every other table. Left
 * unnamed, Kysely takes a bookkeeping table in any schema of the database for its own, so a
 * database holding a second copy of allstall in another schema (one per test file, or a staging copy
 * beside production) would skip creating its own tables and then fail to find them.
 */
export async function createMigrator({ db, engine }: DatabaseHandle): Promise<Migrator> {
  if (engine === 'sqlite') return new Migrator({ db, provider: allstallMigrationProvider });
  return new Migrator({ db, provider: allstallMigrationProvider, migrationTableSchema: await currentSchema(db) });
}

/** Brings the schema up to date; throws with the failing migration's name if one fails. */
export async function migrateToLatest(database: DatabaseHandle): Promise<void> {
  const migrator = await createMigrator(database);
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}

/** The schema unqualified names resolve to: the first one on the connection's search_path that exists. */
async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === null || schema === undefined) {
    throw new Error('No schema on the PostgreSQL search_path exists, so there is nowhere to create the tables.');
  }
  return schema;
}

/**
 * Throws unless every migration has run: for an instance that must not migrate by itself, a clear
 * refusal at start beats failing on the first request that meets a missing column.
 */
export async function assertSchemaIsCurrent(database: DatabaseHandle): Promise<void> {
  const migrator = await createMigrator(database);
  const pending = (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined);
  if (pending.length > 0) {
    throw new Error(
      `The database schema is behind: ${pending.length} migration${pending.length === 1 ? '' : 's'} not run yet ` +
        `(${pending.map((migration) => migration.name).join(', ')}). Run the migrate job first, or set MIGRATE_ON_START=1.`,
    );
  }
}
