import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * What SQLite's own checks find wrong with a database: its pages and indexes (`integrity_check`,
 * which says 'ok' when sound) and rows whose foreign key points at nothing (`foreign_key_check`).
 * An empty list for a sound database.
 */
export async function sqliteIntegrityProblems(db: Kysely<Database>): Promise<string[]> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<{ table: string; rowid: number; parent: string }>`pragma foreign_key_check`.execute(db);
  return [
    ...integrity.rows.map((row) => row.integrity_check).filter((verdict) => verdict !== 'ok'),
    ...foreignKeys.rows.map((row) => `${row.table} row ${row.rowid} points at a missing ${row.parent}`),
  ];
}
