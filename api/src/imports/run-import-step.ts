import {
  cleanImportRow,
  importProblem,
  importRowFromOsm,
  importRowFromRefuge,
  insideAnyBox,
  quartersOf,
  type ImportRow,
  type ImportSource,
} from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { timetableOrUnknown } from './osm-hours.js';
import { fetchOsmTile } from './overpass-toilets.js';
import type { RefugeClient } from './refuge-client.js';
import { importedRestroomIds, loggedChanges, upsertImportRows } from '../repositories/imports.js';
import {
  countImportRunBatch,
  findImportRun,
  holdImportRun,
  insertImportRunRows,
  lastRowSeq,
  sourceIdsReadBy,
  type ImportRunCounts,
  type ImportRunRowRecord,
} from '../repositories/import-runs.js';
import { logDecision } from '../repositories/moderation-log.js';
import { planOf, REFUGE_RUN_PER_PAGE, type ImportRunPlan } from './import-run-plan.js';

/** Listings per transaction: a big tile commits in parts, so no write waits long on the feed's version counter. */
const BATCH_ROWS = 500;

export interface ImportStepContext {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'region' | 'overpassUrl' | 'importRun'>;
  refuge: RefugeClient;
  runnerId: string;
  signal: AbortSignal;
  now: () => number;
}

/**
 * What a step did: moved on (`more` steps to go or `done`), found the run no longer this server's
 * (`lost`: stopped or taken over), or found the source busy (try the same step again later).
 */
export type ImportStepResult = { kind: 'more' | 'done' | 'lost' } | { kind: 'busy'; detail: string };

/** A listing a step read, before it is counted: one to upsert, one refused (and why), or one outside the region. */
type Candidate = { row: ImportRow } | { refused: { source_id: string; name: string; city: string; reason: string } } | { outside: string };

/** The step's end: the plan after it, the step count, and whether the run is finished. */
interface StepEnd {
  plan: ImportRunPlan;
  stepsTotal: number | null;
  done: boolean;
  stepDone: boolean;
}

/**
 * One step of an import run: fetches one OpenStreetMap tile or one Refuge page, maps and checks its
 * listings, and commits them with their outcomes, the run's counts and its next step. A step
 * commits in batches; a listing the run has already read (it was in a neighbouring tile, or in a
 * batch committed before a crash) is not counted again, so a repeated step repeats nothing.
 */
export async function runImportStep(context: ImportStepContext, runId: string): Promise<ImportStepResult> {
  const run = await findImportRun(context.db, runId);
  if (run === undefined || run.status !== 'running' || run.runner_id !== context.runnerId) return { kind: 'lost' };
  const plan = planOf(run.plan_json);
  return plan.source === 'osm' ? osmStep(context, runId, plan, run.steps_total) : refugeStep(context, runId, plan);
}

async function osmStep(context: ImportStepContext, runId: string, plan: Extract<ImportRunPlan, { source: 'osm' }>, stepsTotal: number | null): Promise<ImportStepResult> {
  const [tile, ...rest] = plan.tiles;
  if (tile === undefined) return commitStep(context, runId, 'osm', [], { plan, stepsTotal, done: true, stepDone: false });
  const { overpassUrl, importRun, region } = context.config;
  const answer = await fetchOsmTile({ url: overpassUrl, timeoutMs: importRun.requestTimeoutMs, signal: context.signal }, tile);
  if (answer.kind === 'busy') return answer;
  if (answer.kind === 'too-large') {
    const quarters = quartersOf(tile);
    if (quarters === null) throw new Error(`OpenStreetMap could not answer for the area ${tile.south},${tile.west},${tile.north},${tile.east}: ${answer.detail}`);
    const next = { source: 'osm' as const, tiles: [...quarters, ...rest] };
    return commitStep(context, runId, 'osm', [], { plan: next, stepsTotal: (stepsTotal ?? 1) + quarters.length - 1, done: false, stepDone: false });
  }
  const candidates = answer.elements.map((element) => checked('osm', importRowFromOsm(element, timetableOrUnknown, region)));
  return commitStep(context, runId, 'osm', candidates, { plan: { source: 'osm', tiles: rest }, stepsTotal, done: rest.length === 0, stepDone: true });
}

async function refugeStep(context: ImportStepContext, runId: string, plan: Extract<ImportRunPlan, { source: 'refuge' }>): Promise<ImportStepResult> {
  const page = await context.refuge.list(plan.nextPage, REFUGE_RUN_PER_PAGE, context.signal);
  const totalPages = page.totalPages ?? plan.totalPages;
  const boxes = context.config.region.importBoxes;
  const candidates = page.records.map((record): Candidate => {
    const row = importRowFromRefuge(record, context.config.region);
    if (row.latitude === null || row.longitude === null) {
      return refusal(row, 'Refuge has no position for it, so it cannot be placed in the region.');
    }
    return insideAnyBox(boxes, { lat: row.latitude, lng: row.longitude }) ? checked('refuge', row) : { outside: row.source_id };
  });
  const done = page.records.length === 0 || (totalPages !== null && plan.nextPage >= totalPages);
  const next = { source: 'refuge' as const, nextPage: plan.nextPage + 1, totalPages };
  return commitStep(context, runId, 'refuge', candidates, { plan: next, stepsTotal: totalPages, done, stepDone: true });
}

/** A mapped row to upsert, or refused with what an import of it would be refused for. */
function checked(source: ImportSource, mapped: ImportRow): Candidate {
  const row = cleanImportRow(mapped);
  const problem = importProblem({ source, rows: [row] });
  return problem === null ? { row } : refusal(row, problem.message.replace(/^rows\.0\./, ''));
}

function refusal(row: ImportRow, reason: string): Candidate {
  return { refused: { source_id: row.source_id, name: row.name, city: row.city, reason } };
}

function sourceIdOf(candidate: Candidate): string {
  if ('row' in candidate) return candidate.row.source_id;
  if ('refused' in candidate) return candidate.refused.source_id;
  return candidate.outside;
}

async function commitStep(context: ImportStepContext, runId: string, source: ImportSource, candidates: readonly Candidate[], end: StepEnd): Promise<ImportStepResult> {
  // A listing once per step too: Overpass finds a place with toilets under both of its filters.
  const unique = [...new Map(candidates.map((candidate) => [sourceIdOf(candidate), candidate])).values()];
  const batches: Candidate[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_ROWS) batches.push(unique.slice(start, start + BATCH_ROWS));
  if (batches.length === 0) batches.push([]);
  for (const [index, batch] of batches.entries()) {
    const last = index === batches.length - 1;
    const held = await commitBatch(context, runId, source, batch, last ? end : undefined);
    if (!held) return { kind: 'lost' };
  }
  return { kind: end.done ? 'done' : 'more' };
}

/** One transaction: the batch's listings upserted, their outcomes recorded, the run's counts (and, last, its plan) moved on. */
async function commitBatch(context: ImportStepContext, runId: string, source: ImportSource, batch: readonly Candidate[], end: StepEnd | undefined): Promise<boolean> {
  const nowMs = context.now();
  return context.db.transaction().execute(async (trx) => {
    const run = await holdImportRun(trx, runId, context.runnerId, nowMs);
    if (run === undefined) return false;
    const seen = await sourceIdsReadBy(trx, runId, batch.map(sourceIdOf));
    const fresh = batch.filter((candidate) => !seen.has(sourceIdOf(candidate)));
    const rows = fresh.flatMap((candidate) => ('row' in candidate ? [candidate.row] : []));
    const outcome = await upsertImportRows(trx, source, rows, nowMs);
    const inserted = new Map(outcome.inserted.map(({ source_id, id }) => [source_id, id]));
    const updated = new Map(outcome.updated.map(({ source_id, id }) => [source_id, id]));
    const restroomIds = await importedRestroomIds(trx, source, rows.map((row) => row.source_id));

    const counts: ImportRunCounts = { read: 0, new: 0, changed: 0, unchanged: 0, refused: 0, outside: 0 };
    const records: ImportRunRowRecord[] = [];
    let seq = await lastRowSeq(trx, runId);
    for (const candidate of fresh) {
      counts.read += 1;
      if ('outside' in candidate) {
        counts.outside += 1;
        continue;
      }
      seq += 1;
      if ('refused' in candidate) {
        counts.refused += 1;
        records.push({ run_id: runId, seq, ...candidate.refused, outcome: 'refused', restroom_id: null });
        continue;
      }
      const { row } = candidate;
      const result = inserted.has(row.source_id) ? 'new' : updated.has(row.source_id) ? 'changed' : 'unchanged';
      counts[result] += 1;
      const restroomId = inserted.get(row.source_id) ?? updated.get(row.source_id) ?? restroomIds.get(row.source_id) ?? null;
      records.push({ run_id: runId, seq, source_id: row.source_id, outcome: result, restroom_id: restroomId, name: row.name, city: row.city, reason: null });
    }
    await insertImportRunRows(trx, records);
    await countImportRunBatch(
      trx,
      runId,
      counts,
      nowMs,
      end === undefined ? undefined : { planJson: JSON.stringify(end.plan), stepsTotal: end.stepsTotal, done: end.done, stepDone: end.stepDone },
    );
    if (outcome.inserted.length > 0 || outcome.updated.length > 0) {
      // The audit trail of what the run changed, as 'Add all to database' logs it.
      const { before, inserted: added, updated: refreshed } = loggedChanges(outcome);
      await logDecision(trx, {
        actorId: run.started_by,
        action: 'restroom.import',
        entity: 'import_run',
        entityId: runId,
        before,
        after: { source, inserted: added, updated: refreshed },
        atMs: nowMs,
      });
    }
    return true;
  });
}
