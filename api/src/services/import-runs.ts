import type { ImportRun, ImportRunRowsPage, ImportRunRowsQuery, ImportSource, User } from '@allstall/shared';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import {
  findImportRun,
  importRunRowsPage,
  insertImportRun,
  latestImportRuns,
  liveRunOf,
  setImportRunStatus,
  stopAbandonedRuns,
  type ImportRunRecord,
  usernamesOf,
} from '../repositories/import-runs.js';
import { logDecision } from '../repositories/moderation-log.js';
import { firstPlan } from '../imports/import-run-plan.js';
import { RESTART_NOTE, type ImportRunner } from '../imports/import-runner.js';

/** How many runs the list shows: the latest, which is what an admin comes back for. */
const LISTED_RUNS = 20;

const SOURCE_NAMES: Record<ImportSource, string> = { osm: 'OpenStreetMap', refuge: 'Refuge Restrooms' };

/**
 * Starts loading the whole region from `source` on the server (POST /api/admin/import-runs): one run
 * per source at a time. The run is claimed by this server and its loop starts at once.
 */
export async function startImportRun(
  db: Kysely<Database>,
  runner: ImportRunner,
  config: Pick<AppConfig, 'region' | 'importRun'>,
  admin: User,
  source: ImportSource,
  nowMs: number,
): Promise<ImportRun> {
  await refuseSecondRun(db, source, nowMs);
  const id = uuidv7();
  const { plan, stepsTotal } = firstPlan(source, config);
  await db.transaction().execute(async (trx) => {
    await insertImportRun(trx, {
      id,
      source,
      status: 'running',
      plan_json: JSON.stringify(plan),
      steps_total: stepsTotal,
      started_by: admin.id,
      runner_id: runner.id,
      lease_until: nowMs + runner.leaseMs,
      created_at: nowMs,
      updated_at: nowMs,
    });
    await logDecision(trx, { actorId: admin.id, action: 'import_run.start', entity: 'import_run', entityId: id, before: null, after: { source }, atMs: nowMs });
  });
  runner.start(id);
  return readImportRun(db, id, nowMs);
}

/** Stops a running run between steps; the step in flight is dropped and fetched again on resume. */
export async function stopImportRun(db: Kysely<Database>, runner: ImportRunner, id: string, nowMs: number): Promise<ImportRun> {
  const stopped = await setImportRunStatus(db, id, { status: 'stopped', note: null }, ['running'], nowMs);
  if (!stopped) await refuseChange(db, id, 'import.notRunning');
  runner.cancel(id);
  return readImportRun(db, id, nowMs);
}

/** Runs a stopped or failed run again from its stored next step, on this server. */
export async function resumeImportRun(db: Kysely<Database>, runner: ImportRunner, id: string, nowMs: number): Promise<ImportRun> {
  // A run whose server died is running only on paper.
  await stopAbandonedRuns(db, RESTART_NOTE, nowMs);
  const run = await findImportRun(db, id);
  if (run !== undefined) await refuseSecondRun(db, run.source, nowMs);
  const lease = { runnerId: runner.id, until: nowMs + runner.leaseMs };
  const resumed = await setImportRunStatus(db, id, { status: 'running', note: null, error: null, lease }, ['stopped', 'failed'], nowMs);
  if (!resumed) await refuseChange(db, id, 'import.notStopped');
  runner.start(id);
  return readImportRun(db, id, nowMs);
}

export async function readImportRun(db: Kysely<Database>, id: string, nowMs: number): Promise<ImportRun> {
  const run = await findImportRun(db, id);
  if (run === undefined) throw new HttpError(404, 'importRun.notFound', { field: 'id' });
  return (await asImportRuns(db, [run], nowMs))[0] as ImportRun;
}

export async function listImportRuns(db: Kysely<Database>, nowMs: number): Promise<ImportRun[]> {
  return asImportRuns(db, await latestImportRuns(db, LISTED_RUNS), nowMs);
}

export async function readImportRunRows(db: Kysely<Database>, id: string, query: ImportRunRowsQuery): Promise<ImportRunRowsPage> {
  if ((await findImportRun(db, id)) === undefined) throw new HttpError(404, 'importRun.notFound', { field: 'id' });
  const { total, rows } = await importRunRowsPage(db, id, query);
  return {
    page: query.page,
    per_page: query.per_page,
    total,
    rows: rows.map(({ seq, source_id, outcome, restroom_id, name, city, reason }) => ({ seq, source_id, outcome, restroom_id, name, city, reason })),
  };
}

async function refuseSecondRun(db: Kysely<Database>, source: ImportSource, nowMs: number): Promise<void> {
  if ((await liveRunOf(db, source, nowMs)) !== undefined) {
    throw new HttpError(409, 'import.alreadyRunning', { field: 'source', params: { source: SOURCE_NAMES[source] } });
  }
}

async function refuseChange(db: Kysely<Database>, id: string, code: 'import.notRunning' | 'import.notStopped'): Promise<never> {
  if ((await findImportRun(db, id)) === undefined) throw new HttpError(404, 'importRun.notFound', { field: 'id' });
  throw new HttpError(409, code);
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** Runs as the API sends them; a run whose server died without stopping it reads as stopped. */
async function asImportRuns(db: Kysely<Database>, runs: readonly ImportRunRecord[], nowMs: number): Promise<ImportRun[]> {
  const adminIds = [...new Set(runs.flatMap((run) => (run.started_by === null ? [] : [run.started_by])))];
  const names = await usernamesOf(db, adminIds);
  return runs.map((run) => {
    const abandoned = run.status === 'running' && run.lease_until !== null && run.lease_until < nowMs;
    return {
      id: run.id,
      source: run.source,
      status: abandoned ? 'stopped' : run.status,
      rows_read: run.rows_read,
      rows_new: run.rows_new,
      rows_changed: run.rows_changed,
      rows_unchanged: run.rows_unchanged,
      rows_refused: run.rows_refused,
      rows_outside: run.rows_outside,
      steps_done: run.steps_done,
      steps_total: run.steps_total,
      error: run.error,
      note: abandoned ? RESTART_NOTE : run.note,
      started_by: run.started_by === null ? null : (names.get(run.started_by) ?? null),
      created_at: isoOf(run.created_at),
      updated_at: isoOf(run.updated_at),
      finished_at: run.finished_at === null ? null : isoOf(run.finished_at),
    };
  });
}
