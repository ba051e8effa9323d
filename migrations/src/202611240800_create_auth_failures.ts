import type { Kysely } from 'kysely';

/**
 * Failed logins and registrations, one row per failure, so rate limits hold across every api
 * process sharing the database (a counter in one process's memory would let an attacker spread
 * guesses over instances). Rows older than the longest window are swept away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_failures')
    // e.g. 'login:ip' or 'login:username'
    .addColumn('scope', 'text', (col) => col.notNull())
    // the client address or the lowercased username
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_failures_by_key').on('auth_failures').columns(['scope', 'key', 'failed_at']).execute();
  await db.schema.createIndex('auth_failures_by_time').on('auth_failures').column('failed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_failures').execute();
}
