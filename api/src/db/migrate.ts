import { allstallMigrationProvider } from '@allstall/migrations';
import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Brings the schema up to date; throws with the failing migration's name if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: allstallMigrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}
