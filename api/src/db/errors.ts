/** SQLite's extended result codes for a broken PRIMARY KEY or UNIQUE constraint (better-sqlite3's `code`). */
const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE']);
/** PostgreSQL's SQLSTATE unique_violation (node-postgres's `code`). */
const POSTGRES_UNIQUE_VIOLATION = '23505';

/**
 * Whether a database error says a row with that key already exists. Both drivers put their code on
 * the error's `code` property, but the codes differ, so callers ask here rather than guess.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return typeof code === 'string' && (code === POSTGRES_UNIQUE_VIOLATION || SQLITE_UNIQUE_CODES.has(code));
}

/**
 * Whether a database error says a referenced row is gone (a restroom deleted by an admin between
 * our read and our insert). SQLite and PostgreSQL (23503) name it differently.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Seconds to wait after a lock or a full connection table: these pass on their own. */
const RETRY_AFTER_CONTENTION_S = 5;
/** Seconds to wait after a full disk, a read-only database or a database that cannot be reached. */
const RETRY_AFTER_OUTAGE_S = 30;

/**
 * better-sqlite3 gives SQLite's extended code (`SQLITE_IOERR_WRITE`, `SQLITE_READONLY_DBMOVED`, ...);
 * the part before the extension says what kind of failure it is.
 */
const SQLITE_CONTENTION = ['SQLITE_BUSY', 'SQLITE_LOCKED'];
const SQLITE_OUTAGE = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN'];
/**
 * SQLSTATEs: too_many_connections; lock_not_available; serialization_failure and deadlock_detected,
 * which ask for the whole transaction to be sent again (safe here: every write is idempotent).
 */
const POSTGRES_CONTENTION = new Set(['53300', '55P03', '40001', '40P01']);
/**
 * SQLSTATEs: disk_full, out_of_memory, read_only_sql_transaction (a standby or a read-only
 * database), admin_shutdown, crash_shutdown, cannot_connect_now, io_error, and class 08 (the
 * connection failed).
 */
const POSTGRES_OUTAGE = new Set(['53100', '53200', '25006', '57P01', '57P02', '57P03', '58030']);
/** Node's socket errors on the way to a database server that is down or unreachable. */
const SOCKET_OUTAGE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * When a database error says the database cannot take the request now but may later (a full disk, a
 * read-only file or server, a lock held too long, a server that is down): how many seconds a client
 * should wait before sending it again. Null for every other error, which is a bug rather than an
 * outage. Nothing was changed in either case: the failed statement's transaction rolled back.
 */
export function storageRetryAfterSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  if (typeof code !== 'string') return null;
  const isSqlite = (kinds: string[]) => kinds.some((kind) => code === kind || code.startsWith(`${kind}_`));
  if (isSqlite(SQLITE_CONTENTION) || POSTGRES_CONTENTION.has(code)) return RETRY_AFTER_CONTENTION_S;
  if (isSqlite(SQLITE_OUTAGE) || POSTGRES_OUTAGE.has(code) || code.startsWith('08') || SOCKET_OUTAGE.has(code)) {
    return RETRY_AFTER_OUTAGE_S;
  }
  return null;
}

/**
 * Whether an error came from the database (for allstall_database_errors_total): better-sqlite3's
 * codes start with SQLITE_, node-postgres gives a five-character SQLSTATE, and a PostgreSQL server
 * that cannot be reached fails with a socket error (counted when storageRetryAfterSeconds knows it).
 */
export function isDatabaseError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  if (typeof code !== 'string') return false;
  return code.startsWith('SQLITE_') || /^[0-9A-Z]{5}$/.test(code) || storageRetryAfterSeconds(error) !== null;
}
