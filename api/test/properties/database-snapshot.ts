import { sql } from 'kysely';
import type { App } from '../../src/app.js';

/**
 * Tables a refused request may write to by design: the login and registration rate limits count
 * failed attempts in the database (so the limits hold across api processes), and a refused attempt
 * is exactly what they record. Every other table must stay as it was.
 */
const REFUSALS_COUNTED_IN = /^(auth_failures|rate_limit)/;

/** Each compared table's rows as text, one line a row, sorted: two snapshots are equal when no row changed. */
export type DatabaseSnapshot = Record<string, string>;

/** The app's own tables (migrations' bookkeeping included), less those that count refusals. */
export async function comparedTables(app: App): Promise<string[]> {
  const { rows } =
    app.dbEngine === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(app.db);
  return rows.map((row) => row.name).filter((name) => !REFUSALS_COUNTED_IN.test(name)).sort();
}

/**
 * All rows of `tables`. Rows are sorted as text rather than by a key, so no table needs a known
 * primary key. On PostgreSQL the server writes out and sorts the rows, in one round trip for every
 * table; SQLite runs in this process, so reading the rows costs little there.
 */
export async function snapshotDatabase(app: App, tables: readonly string[]): Promise<DatabaseSnapshot> {
  if (app.dbEngine === 'postgres') {
    const rowsOf = (table: string) =>
      sql`(select coalesce(string_agg(t::text, chr(10) order by t::text), '') from ${sql.table(table)} t) as ${sql.ref(table)}`;
    const { rows } = await sql<DatabaseSnapshot>`select ${sql.join(tables.map(rowsOf))}`.execute(app.db);
    return rows[0] ?? {};
  }
  const dumps = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.db);
      return [table, rows.map((row) => JSON.stringify(row)).sort().join('\n')] as const;
    }),
  );
  return Object.fromEntries(dumps);
}
