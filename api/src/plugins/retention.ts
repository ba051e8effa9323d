import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AUTH_FAILURE_WINDOW_MS } from '../http/auth-rate-limits.js';
import { RETENTION_TABLES, sweepRetention, type RetentionWindows, type SweepResult } from '../operations/sweep-retention.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs one retention sweep now (the schedule's, with this clock); tests move time with `now`. */
    sweepRetention: (now?: () => number) => Promise<SweepResult>;
  }
}

/** The first sweep comes this long after start: soon, but not in the way of a start or a rolling restart. */
const FIRST_SWEEP_MS = 60 * 1000;

/**
 * Sweeps old data on a schedule (docs/operations.md#retention): every RETENTION_SWEEP_MINUTES, the
 * first shortly after start. Every instance has the timer; the lease in `meta` lets one of them
 * sweep at a time, so no instance needs to be told it is the one.
 */
export const retentionPlugin = fastifyPlugin<{ config: AppConfig; firstSweepMs?: number }>(
  async (app, { config, firstSweepMs = FIRST_SWEEP_MS }) => {
    const { sweepIntervalMs, writeAnswerMs, writeKeyMs, importRunRowsMs, tombstoneMs } = config.retention;
    const windows: RetentionWindows = { writeAnswerMs, writeKeyMs, importRunRowsMs, tombstoneMs, authFailureMs: AUTH_FAILURE_WINDOW_MS };

    const sweep = async (now: () => number = Date.now): Promise<SweepResult> => {
      const startedMs = Date.now();
      let result: SweepResult;
      try {
        result = await sweepRetention(app.db, { windows, now });
      } catch (error) {
        app.metrics.retentionSweeps.inc({ result: 'failed' });
        throw error;
      }
      if (!result.swept) {
        app.metrics.retentionSweeps.inc({ result: 'skipped' });
        app.log.debug('retention sweep skipped: another instance is sweeping');
        return result;
      }
      for (const table of RETENTION_TABLES) app.metrics.retentionDeleted.inc({ table }, result.deleted[table]);
      app.metrics.retentionSweeps.inc({ result: result.complete ? 'done' : 'partial' });
      app.log.info({ deleted: result.deleted, complete: result.complete, ms: Date.now() - startedMs }, 'retention sweep');
      return result;
    };
    app.decorate('sweepRetention', sweep);

    if (sweepIntervalMs === 0) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    let closing = false;
    const schedule = (delayMs: number) => {
      timer = setTimeout(() => {
        running = sweep()
          .catch((error: unknown) => app.log.warn({ err: error }, 'retention sweep failed; the next one goes on from where it stopped'))
          .finally(() => {
            if (!closing) schedule(sweepIntervalMs);
          });
      }, delayMs);
      // A sweep is never a reason to keep the process alive.
      timer.unref();
    };
    app.addHook('onReady', async () => schedule(Math.min(firstSweepMs, sweepIntervalMs)));
    // preClose: a sweep in flight finishes its batch before the database closes.
    app.addHook('preClose', async () => {
      closing = true;
      if (timer !== null) clearTimeout(timer);
      await running;
    });
  },
  { name: 'allstall-retention', dependencies: ['allstall-db', 'allstall-metrics'] },
);
