import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createRefugeClient } from './refuge-client.js';
import { claimImportRun, setImportRunStatus, stopAbandonedRuns } from '../repositories/import-runs.js';
import { runImportStep, type ImportStepContext } from './run-import-step.js';

/** Tries of a step the source called busy before the run fails (the admin can resume it later). */
const BUSY_TRIES = 4;
/** The least pause after a busy answer, whatever the request interval. */
const BUSY_PAUSE_MIN_MS = 1000;

export const RESTART_NOTE = 'The server restarted while this import ran. Press Resume to go on from where it stopped.';
export const SHUTDOWN_NOTE = 'The server shut down while this import ran. Press Resume to go on from where it stopped.';

/**
 * Runs import runs in this process (docs/architecture.md#import-runs): one loop per running run,
 * a step at a time with the configured pause between requests. Each step renews this server's
 * lease on the run, so another instance sharing the database leaves it alone; a run whose lease
 * ran out (its server died) is stopped at the next start, for an admin to resume.
 */
export class ImportRunner {
  readonly id = uuidv7();
  private readonly loops = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: AppConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How long a claim holds without renewal: a step's request, the pause, and room to spare. */
  get leaseMs(): number {
    return this.config.importRun.requestTimeoutMs + this.config.importRun.requestIntervalMs + 60_000;
  }

  /** Stops runs a server that is gone left running; called once the database is ready. */
  async stopAbandoned(nowMs: number): Promise<void> {
    const stopped = await stopAbandonedRuns(this.db, RESTART_NOTE, nowMs);
    if (stopped > 0) this.log.warn({ stopped }, 'import runs left running by a server that is gone were stopped');
  }

  /** Starts working on a run this server has just claimed (started or resumed). */
  start(runId: string): void {
    const existing = this.loops.get(runId);
    if (this.closed || (existing !== undefined && !existing.abort.signal.aborted)) return;
    const abort = new AbortController();
    // Resumed right after a stop: the stopped loop may still be committing its last batch; the new
    // one starts once it has finished, so two loops never step the same run.
    const previous = existing?.done ?? Promise.resolve();
    const done = previous
      .then(() => this.loop(runId, abort.signal))
      .catch((error: unknown) => this.log.error({ err: error, runId }, 'an import run stopped on an error'))
      .finally(() => {
        if (this.loops.get(runId)?.abort === abort) this.loops.delete(runId);
      });
    this.loops.set(runId, { abort, done });
  }

  /** Gives up the step in flight of a run that was stopped, so stopping does not wait for a slow source. */
  cancel(runId: string): void {
    this.loops.get(runId)?.abort.abort();
  }

  /** Stops every loop (the app is closing) and marks their runs stopped, to be resumed after the restart. */
  async close(): Promise<void> {
    this.closed = true;
    const running = [...this.loops.entries()];
    for (const [, { abort }] of running) abort.abort();
    await Promise.all(running.map(([, { done }]) => done));
    for (const [runId] of running) {
      await setImportRunStatus(this.db, runId, { status: 'stopped', note: SHUTDOWN_NOTE }, ['running'], Date.now(), this.id);
    }
  }

  private async loop(runId: string, signal: AbortSignal): Promise<void> {
    const { importRun, refugeApiUrl } = this.config;
    const context: ImportStepContext = {
      db: this.db,
      config: this.config,
      refuge: createRefugeClient({ url: refugeApiUrl, timeoutMs: importRun.requestTimeoutMs }),
      runnerId: this.id,
      signal,
      now: Date.now,
    };
    let busyTries = 0;
    while (!signal.aborted) {
      const nowMs = Date.now();
      if (!(await claimImportRun(this.db, runId, this.id, nowMs + this.leaseMs, nowMs))) return;
      let result: Awaited<ReturnType<typeof runImportStep>>;
      try {
        result = await runImportStep(context, runId);
      } catch (error) {
        if (signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        this.log.warn({ err: error, runId }, 'an import run failed');
        await setImportRunStatus(this.db, runId, { status: 'failed', error: message }, ['running'], Date.now(), this.id);
        return;
      }
      if (result.kind === 'done' || result.kind === 'lost') return;
      if (result.kind === 'busy') {
        busyTries += 1;
        if (busyTries >= BUSY_TRIES) {
          await setImportRunStatus(this.db, runId, { status: 'failed', error: `${result.detail}; tried ${BUSY_TRIES} times.` }, ['running'], Date.now(), this.id);
          return;
        }
        await pause(Math.max(BUSY_PAUSE_MIN_MS, importRun.requestIntervalMs) * busyTries, signal);
        continue;
      }
      busyTries = 0;
      // A shared public service: one request at a time, with a pause between them.
      await pause(importRun.requestIntervalMs, signal);
    }
  }
}

/** Waits `ms` (at least a turn of the event loop, so requests are served between steps), or until aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = ms > 0 ? setTimeout(done, ms) : setImmediate(done);
    function done() {
      signal.removeEventListener('abort', done);
      if (ms > 0) clearTimeout(timer as NodeJS.Timeout);
      else clearImmediate(timer as NodeJS.Immediate);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
