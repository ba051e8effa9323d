import type { ImportRunOutcome, ImportRunRowsQuery } from '@allstall/shared';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ImportRunRowsTable, ImportRunsTable } from '../db/schema.js';
import { chunk } from './convert.js';

/** Rows per INSERT of a run's outcomes: 8 columns each, well under SQLite's and PostgreSQL's parameter limits. */
const ROW_INSERT_CHUNK = 500;
const SOURCE_ID_QUERY_CHUNK = 1000;

export type ImportRunRecord = Selectable<ImportRunsTable>;
export type ImportRunRowRecord = Selectable<ImportRunRowsTable>;

/** How a batch of a step moves a run's counts. */
export interface ImportRunCounts {
  read: number;
  new: number;
  changed: number;
  unchanged: number;
  refused: number;
  outside: number;
}

export async function insertImportRun(trx: Transaction<Database>, run: Insertable<ImportRunsTable>): Promise<void> {
  await trx.insertInto('import_runs').values(run).execute();
}

export async function findImportRun(db: Kysely<Database>, id: string): Promise<ImportRunRecord | undefined> {
  return db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest runs, newest first. */
export async function latestImportRuns(db: Kysely<Database>, limit: number): Promise<ImportRunRecord[]> {
  return db.selectFrom('import_runs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The runs marked running (by any server sharing the database), for the metrics' progress gauges. */
export async function runningImportRuns(
  db: Kysely<Database>,
): Promise<Pick<ImportRunRecord, 'source' | 'steps_done' | 'steps_total' | 'rows_read'>[]> {
  return db.selectFrom('import_runs').select(['source', 'steps_done', 'steps_total', 'rows_read']).where('status', '=', 'running').execute();
}

/** A run of `source` that some server is working on (its lease still holds), if any. */
export async function liveRunOf(db: Kysely<Database>, source: ImportRunRecord['source'], nowMs: number): Promise<ImportRunRecord | undefined> {
  return db
    .selectFrom('import_runs')
    .selectAll()
    .where('source', '=', source)
    .where('status', '=', 'running')
    .where('lease_until', '>=', nowMs)
    .executeTakeFirst();
}

/**
 * Takes or renews this server's claim on a running run until `leaseUntil`: only when the run is
 * running and no other server holds a live lease on it. False when it is not (stopped, finished, or
 * another instance's), and the runner lets it go.
 */
export async function claimImportRun(db: Kysely<Database>, id: string, runnerId: string, leaseUntil: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set({ runner_id: runnerId, lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('runner_id', '=', runnerId), eb('runner_id', 'is', null), eb('lease_until', '<', nowMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The first statement of a step's transaction: stamps the run, which on PostgreSQL locks its row
 * until the step commits, and answers whether this server still holds it. A run stopped (or taken
 * over) while its step was fetching does not take that step: it is fetched again on resume.
 */
export async function holdImportRun(trx: Transaction<Database>, id: string, runnerId: string, nowMs: number): Promise<ImportRunRecord | undefined> {
  return trx
    .updateTable('import_runs')
    .set({ updated_at: nowMs })
    .where('id', '=', id)
    .where('runner_id', '=', runnerId)
    .where('status', '=', 'running')
    .returningAll()
    .executeTakeFirst();
}

/** Which of `sourceIds` the run has already read (in an earlier tile or page, or before a restart). */
export async function sourceIdsReadBy(trx: Transaction<Database>, runId: string, sourceIds: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const batch of chunk(sourceIds, SOURCE_ID_QUERY_CHUNK)) {
    const rows = await trx.selectFrom('import_run_rows').select('source_id').where('run_id', '=', runId).where('source_id', 'in', batch).execute();
    for (const row of rows) seen.add(row.source_id);
  }
  return seen;
}

export async function lastRowSeq(trx: Transaction<Database>, runId: string): Promise<number> {
  const row = await trx.selectFrom('import_run_rows').select((eb) => eb.fn.max('seq').as('seq')).where('run_id', '=', runId).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function insertImportRunRows(trx: Transaction<Database>, rows: readonly ImportRunRowRecord[]): Promise<void> {
  for (const batch of chunk(rows, ROW_INSERT_CHUNK)) await trx.insertInto('import_run_rows').values(batch).execute();
}

/** Adds a batch's counts to the run, and with `finish` the step's end: the plan moves on. */
export async function countImportRunBatch(
  trx: Transaction<Database>,
  id: string,
  counts: ImportRunCounts,
  nowMs: number,
  finish?: { planJson: string; stepsTotal: number | null; done: boolean; stepDone: boolean },
): Promise<void> {
  await trx
    .updateTable('import_runs')
    .set((eb) => ({
      rows_read: eb('rows_read', '+', counts.read),
      rows_new: eb('rows_new', '+', counts.new),
      rows_changed: eb('rows_changed', '+', counts.changed),
      rows_unchanged: eb('rows_unchanged', '+', counts.unchanged),
      rows_refused: eb('rows_refused', '+', counts.refused),
      rows_outside: eb('rows_outside', '+', counts.outside),
      updated_at: nowMs,
      ...(finish === undefined
        ? {}
        : {
            plan_json: finish.planJson,
            steps_total: finish.stepsTotal,
            steps_done: eb('steps_done', '+', finish.stepDone ? 1 : 0),
            ...(finish.done ? { status: 'done' as const, finished_at: nowMs, runner_id: null, lease_until: null } : {}),
          }),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Sets a run's status (and why) when it is now in one of `from`. Running again takes `lease` (this
 * server's claim); any other status lets the claim go.
 */
export async function setImportRunStatus(
  db: Kysely<Database>,
  id: string,
  change: { status: ImportRunRecord['status']; note?: string | null; error?: string | null; lease?: { runnerId: string; until: number } },
  from: ReadonlyArray<ImportRunRecord['status']>,
  nowMs: number,
  /** Only while this server holds the run. */
  heldBy?: string,
): Promise<boolean> {
  let query = db
    .updateTable('import_runs')
    .set({
      status: change.status,
      updated_at: nowMs,
      runner_id: change.lease?.runnerId ?? null,
      lease_until: change.lease?.until ?? null,
      ...(change.note === undefined ? {} : { note: change.note }),
      ...(change.error === undefined ? {} : { error: change.error }),
      ...(change.status === 'failed' ? { finished_at: nowMs } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (heldBy !== undefined) query = query.where('runner_id', '=', heldBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Runs left 'running' by a server that is gone (its lease ran out): stopped, with `note`. */
export async function stopAbandonedRuns(db: Kysely<Database>, note: string, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('import_runs')
    .set({ status: 'stopped', note, runner_id: null, lease_until: null, updated_at: nowMs })
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', '<', nowMs), eb('lease_until', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One page of what a run did with the listings it read, in reading order, optionally of one outcome. */
export async function importRunRowsPage(
  db: Kysely<Database>,
  runId: string,
  { page, per_page, outcome }: ImportRunRowsQuery,
): Promise<{ total: number; rows: ImportRunRowRecord[] }> {
  const filtered = (outcomeFilter: ImportRunOutcome | undefined) => {
    const base = db.selectFrom('import_run_rows').where('run_id', '=', runId);
    return outcomeFilter === undefined ? base : base.where('outcome', '=', outcomeFilter);
  };
  const counted = await filtered(outcome).select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const rows = await filtered(outcome)
    .selectAll()
    .orderBy('seq')
    .limit(per_page)
    .offset((page - 1) * per_page)
    .execute();
  return { total: Number(counted?.total ?? 0), rows };
}

/** Usernames by user id, for who started each run. */
export async function usernamesOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
  return new Map(users.map((user) => [user.id, user.username]));
}

/**
 * Deletes up to `limit` per-listing rows of one run that finished (done or failed) before `beforeMs`,
 * in one short transaction; the run's own row, with its counts, stays. How many it deleted.
 */
export async function pruneFinishedRunRows(db: Kysely<Database>, beforeMs: number, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('import_runs')
      .select('id')
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', beforeMs)
      .where((eb) => eb.exists(eb.selectFrom('import_run_rows').select('seq').whereRef('import_run_rows.run_id', '=', 'import_runs.id')))
      .orderBy('finished_at')
      .limit(1)
      .executeTakeFirst();
    if (run === undefined) return 0;
    const last = await trx
      .selectFrom('import_run_rows')
      .select('seq')
      .where('run_id', '=', run.id)
      .orderBy('seq')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    let query = trx.deleteFrom('import_run_rows').where('run_id', '=', run.id);
    if (last !== undefined) query = query.where('seq', '<=', last.seq);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  });
}
