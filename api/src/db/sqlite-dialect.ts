import type SqliteDatabase from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * Kysely's SQLite dialect, except that it does not roll back a transaction SQLite has already ended
 * itself. After SQLITE_FULL, SQLITE_IOERR or SQLITE_NOMEM SQLite may roll the transaction back on its
 * own; Kysely's ROLLBACK then fails with "no transaction is active", and that error replaces the one
 * that said what went wrong, so a full disk would be answered as a bug (500) rather than 503.
 */
export class CauseKeepingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase.Database;

  constructor(database: SqliteDatabase.Database) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new CauseKeepingSqliteDriver(this.#database);
  }
}

class CauseKeepingSqliteDriver extends SqliteDriver {
  readonly #database: SqliteDatabase.Database;

  constructor(database: SqliteDatabase.Database) {
    super({ database });
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}
