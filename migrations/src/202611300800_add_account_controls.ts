import type { Kysely } from 'kysely';

/**
 * What a person controls of their own account (issue 40): which devices are signed in (each
 * session's owner, browser and last use), and a TOTP second factor with its recovery codes.
 */

/** The tables as this migration reads and writes them. */
type AccountTables = {
  users: { id: string };
  sessions: { id: string; data: string; user_id: string | null };
};

/**
 * The shared author of comments kept after their writer deleted the account (`DELETED_USER_ID` in
 * shared). The app makes it with the first such deletion; going down removes it, and the comments
 * kept under it with it (comments cascade): they have no author to return to.
 */
const DELETED_USER_ID = '00000000-0000-7000-8000-000000000000';

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<AccountTables>();
  await db.schema.alterTable('sessions').addColumn('user_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('created_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  // Sessions so far kept their owner only inside their JSON; read it out once, so listing a
  // person's sessions and ending them are plain lookups by column from now on.
  const sessions = await db.selectFrom('sessions').select(['id', 'data']).execute();
  for (const session of sessions) {
    const userId = ownerOf(session.data);
    if (userId !== null) await db.updateTable('sessions').set({ user_id: userId }).where('id', '=', session.id).execute();
  }

  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // The TOTP secret in base32, as the authenticator app was given it.
    .addColumn('secret', 'text', (col) => col.notNull())
    // Null while the person has not yet confirmed it with a first code: it does not count until then.
    .addColumn('enabled_at', 'bigint')
    // The last 30-second step a code was accepted for; a code of that step or an earlier one is refused (a replay).
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    // SHA-256 of the code: a random code of 50 bits needs no slow hash, and the hash finds the row.
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped.withTables<AccountTables>();
  await db.deleteFrom('users').where('id', '=', DELETED_USER_ID).execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
  await db.schema.dropIndex('sessions_user_id').execute();
  for (const column of ['last_used_at', 'created_at', 'user_agent', 'user_id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}

function ownerOf(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && 'userId' in parsed && typeof parsed.userId === 'string') return parsed.userId;
  } catch {
    // A session that no longer parses counts as no session (plugins/session-store.ts); it keeps no owner.
  }
  return null;
}
