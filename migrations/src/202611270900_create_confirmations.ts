import type { Kysely } from 'kysely';

/**
 * 'Still there' confirmations (docs/product-rules.md#fresh-or-stale): one row per person, restroom
 * and calendar day in the restroom's time zone, so a second tap that day counts for nothing. The
 * unique key is what makes "once a day" hold when two of a person's devices send at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('confirmations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    // 'YYYY-MM-DD' on the restroom's clocks (the region's when it has no zone).
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('confirmations_once_a_day', ['user_id', 'restroom_id', 'day'])
    .execute();
  await db.schema.createIndex('confirmations_restroom_id').on('confirmations').column('restroom_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('confirmations').execute();
}
