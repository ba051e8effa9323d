import type { Kysely } from 'kysely';

/**
 * People and their sessions. Times are epoch milliseconds in `bigint` and booleans are 0/1 integers
 * so one schema runs unchanged on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    // Uniqueness lives on the folded form so 'Sam' and 'sam' cannot both register.
    .addColumn('username_key', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inserted_at', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('users_username_key_unique').on('users').column('username_key').unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  // Expired sessions are pruned by range, so the sweep must not scan the table.
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
