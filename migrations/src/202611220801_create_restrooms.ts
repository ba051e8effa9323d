import type { Kysely } from 'kysely';

/** Restrooms and their weekly opening ranges. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('restrooms')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('state', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('country', 'text', (col) => col.notNull().defaultTo(''))
    // PostgreSQL's `real` is 4 bytes (about 7 digits), which moves a point by metres;
    // `double precision` is 8 bytes there and plain REAL affinity in SQLite.
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('unisex', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('accessible', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('changing_table', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_single_stall', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('menstrual_products', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('public', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_removed', 'integer', (col) => col.notNull().defaultTo(0))
    // 'pending' | 'approved' | 'rejected'
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('place_id', 'text')
    // 'user' | 'refuge' | 'osm' | 'demo'; source_id is the listing's id over there.
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text')
    .addColumn('directions', 'text')
    .addColumn('admin_comment', 'text')
    .addColumn('added_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    // Denormalised from `votes` and feedback so the change feed ships a restroom in one row.
    .addColumn('upvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('downvotes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('restrooms_version').on('restrooms').column('version').execute();
  // An import upserts on this pair; NULL source ids (user additions) never collide.
  await db.schema
    .createIndex('restrooms_source_unique')
    .on('restrooms')
    .columns(['source', 'source_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('opening_hours')
    .addColumn('restroom_id', 'text', (col) => col.notNull().references('restrooms.id').onDelete('cascade'))
    // 0 Sunday .. 6 Saturday; open/close are HHMM, close < open runs past midnight.
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('open', 'integer', (col) => col.notNull())
    .addColumn('close', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('opening_hours_restroom_id').on('opening_hours').column('restroom_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('opening_hours').execute();
  await db.schema.dropTable('restrooms').execute();
}
