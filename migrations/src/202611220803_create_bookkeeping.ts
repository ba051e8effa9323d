import { sql, type Kysely } from 'kysely';

/**
 * The server's own records: the admin audit trail, replayed-write answers, deletion tombstones and
 * the global change counter the sync feed is cut from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('actor_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    // e.g. 'restroom.approve', 'flag.reject', 'user.delete'
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    // JSON snapshots, so a decision can be explained (or undone by hand) later.
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_log_entity')
    .on('moderation_log')
    .columns(['entity', 'entity_id'])
    .execute();

  await db.schema
    .createTable('applied_writes')
    // The row UUID the client sent as Idempotency-Key.
    .addColumn('idempotency_key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('status_code', 'integer', (col) => col.notNull())
    // The first answer, replayed verbatim when the same write arrives again.
    .addColumn('response', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('tombstones')
    // 'restroom' | 'comment': rows that were deleted outright and must vanish from devices too.
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .addColumn('deleted_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('tombstones_pkey', ['entity', 'id'])
    .execute();
  await db.schema.createIndex('tombstones_version').on('tombstones').column('version').execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  // seq: the last version handed out. tombstone_floor: tombstones below it were pruned, so a
  // cursor older than it can no longer learn about every deletion and must start over.
  await sql`insert into meta (key, value) values ('seq', 0), ('tombstone_floor', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meta').execute();
  await db.schema.dropTable('tombstones').execute();
  await db.schema.dropTable('applied_writes').execute();
  await db.schema.dropTable('moderation_log').execute();
}
