import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';
import { CauseKeepingSqliteDialect } from './sqlite-dialect.js';

/** An open database and which engine it is (reported by /api/health). */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'sqlite' | 'postgres';
}

const PG_INT8_OID = 20;
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the configured database. SQLite gets WAL (readers never block the writer), enforced foreign
 * keys (off by default there) and a busy timeout so a second process waits instead of failing.
 */
export function connectDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      // int8 (our epoch-ms times and versions) arrives as text by default; every value we keep fits
      // in a double exactly (< 2^53), so read it as a number. Scoped to this pool, not global.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // The server closes idle pooled connections when it restarts, fails over or is told to; the pool
    // then drops them and the next query opens a fresh one. Unheard, that 'error' event would crash us.
    pool.on('error', () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // NORMAL is durable across application crashes in WAL mode; only a power cut may lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new CauseKeepingSqliteDialect(sqlite) }), engine: 'sqlite' };
}
