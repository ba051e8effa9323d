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
