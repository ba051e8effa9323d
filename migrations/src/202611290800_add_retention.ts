import { sql, type Kysely } from 'kysely';

/*
 * Retention (docs/operations.md#retention). An applied write keeps its whole first answer for the
 * answer window and only its `summary` (the minimal answer a late replay gets, JSON text) after it;
 * SQL NULL there means the stored answer is already as small as it gets (or predates this), so there
 * is nothing to drop. The sweeps find old rows by time, hence the indexes. `write_key_floor` is the
 * newest `created_at` of a pruned key: a key made at or before it can no longer be proven unused.
 * `retention_lease` is when the running sweep's claim runs out (0: nobody's), so one instance sweeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applied_writes').addColumn('summary', 'text').execute();
  await db.schema.createIndex('applied_writes_created_at').on('applied_writes').column('created_at').execute();
  await db.schema.createIndex('tombstones_deleted_at').on('tombstones').column('deleted_at').execute();
  await db.schema.createIndex('import_runs_finished_at').on('import_runs').column('finished_at').execute();
  await sql`insert into meta (key, value) values ('write_key_floor', 0), ('retention_lease', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from meta where key in ('write_key_floor', 'retention_lease')`.execute(db);
  await db.schema.dropIndex('import_runs_finished_at').execute();
  await db.schema.dropIndex('tombstones_deleted_at').execute();
  await db.schema.dropIndex('applied_writes_created_at').execute();
  await db.schema.alterTable('applied_writes').dropColumn('summary').execute();
}
