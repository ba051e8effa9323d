import type { Kysely } from 'kysely';

/**
 * Import runs (docs/architecture.md#import-runs): a whole state or country loaded from OpenStreetMap
 * or Refuge in steps on the server, with its plan (what is still to fetch), its counts and a lease
 * that says which server instance is working on it; and what it did with each listing it read,
 * for the review screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('source', 'text', (col) => col.notNull())
    // running | stopped | done | failed
    .addColumn('status', 'text', (col) => col.notNull())
    // JSON: the OpenStreetMap tiles still to fetch, or the next Refuge page and the page count
    .addColumn('plan_json', 'text', (col) => col.notNull())
    .addColumn('rows_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_new', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_changed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_unchanged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_refused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_outside', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('steps_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('steps_total', 'integer')
    .addColumn('error', 'text')
    .addColumn('note', 'text')
    .addColumn('started_by', 'text')
    // the server instance working on a running run, and until when its claim holds
    .addColumn('runner_id', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('import_runs_by_status').on('import_runs').column('status').execute();

  await db.schema
    .createTable('import_run_rows')
    .addColumn('run_id', 'text', (col) => col.notNull().references('import_runs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    // new | changed | unchanged | refused
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('restroom_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addPrimaryKeyConstraint('import_run_rows_pk', ['run_id', 'seq'])
    .execute();
  // A listing is counted once per run, however many tiles or pages it turns up in.
  await db.schema.createIndex('import_run_rows_by_source_id').unique().on('import_run_rows').columns(['run_id', 'source_id']).execute();
  await db.schema.createIndex('import_run_rows_by_outcome').on('import_run_rows').columns(['run_id', 'outcome', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_run_rows').execute();
  await db.schema.dropTable('import_runs').execute();
}
