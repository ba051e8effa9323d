import type { Kysely } from 'kysely';

/** What signed-in people contribute: comments, thumbs, suggested corrections and messages to admins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('inserted_at', 'bigint', (col) => col.notNull())
    // Soft delete: the row stays so the change feed can tell devices to drop it.
    .addColumn('deleted_at', 'bigint')
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('comments_version').on('comments').column('version').execute();
  await db.schema.createIndex('comments_restroom_id').on('comments').column('restroom_id').execute();

  await db.schema
    .createTable('votes')
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // +1 or -1; one row per person and restroom, so only their latest thumb counts.
    .addColumn('vote', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('votes_pkey', ['restroom_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('flags')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The restroom as the person thinks it should be; compared with the live row when an admin decides.
    .addColumn('proposed_name', 'text', (col) => col.notNull())
    .addColumn('proposed_street', 'text', (col) => col.notNull())
    .addColumn('proposed_city', 'text', (col) => col.notNull())
    .addColumn('proposed_state', 'text', (col) => col.notNull())
    .addColumn('proposed_unisex', 'integer', (col) => col.notNull())
    .addColumn('proposed_accessible', 'integer', (col) => col.notNull())
    .addColumn('proposed_changing_table', 'integer', (col) => col.notNull())
    .addColumn('proposed_is_single_stall', 'integer', (col) => col.notNull())
    .addColumn('proposed_menstrual_products', 'integer', (col) => col.notNull())
    .addColumn('proposed_is_closed', 'integer', (col) => col.notNull())
    .addColumn('other', 'text', (col) => col.notNull().defaultTo(''))
    // 'open' | 'approved' | 'rejected'
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('flags_status').on('flags').column('status').execute();

  await db.schema
    .createTable('contact')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('inserted_at', 'bigint', (col) => col.notNull())
    .addColumn('resolved', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('resolved_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact').execute();
  await db.schema.dropTable('flags').execute();
  await db.schema.dropTable('votes').execute();
  await db.schema.dropTable('comments').execute();
}
