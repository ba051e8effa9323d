import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The numbers an operator watches (docs/operations.md#metrics). Each app has a registry of its own,
 * not prom-client's global one: tests build several apps in one process, and each must count only
 * its own requests.
 */

/** Seconds: a feed page or a write takes milliseconds; a snapshot build at a country's size, seconds. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BUILD_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80];

/** Progress of the import runs that are running, read from the database when scraped. */
export interface ImportRunProgress {
  source: string;
  stepsDone: number;
  /** Null while the source has not yet said how many steps there are (Refuge's first page). */
  stepsTotal: number | null;
  rowsRead: number;
}

export class AppMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'allstall_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly requestSeconds = new Histogram({
    name: 'allstall_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly writesRefused = new Counter({
    name: 'allstall_writes_refused_total',
    help: 'Writes (POST, PUT, PATCH, DELETE) answered with a 4xx, by route pattern, status and error code.',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [this.registry],
  });

  readonly idempotentReplays = new Counter({
    name: 'allstall_idempotent_replays_total',
    help: 'Writes sent again with an Idempotency-Key already used, answered with the stored answer, by route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });

  readonly feedPages = new Counter({
    name: 'allstall_feed_pages_total',
    help: 'Change-feed pages served (GET /api/sync).',
    registers: [this.registry],
  });

  readonly feedChanges = new Counter({
    name: 'allstall_feed_changes_total',
    help: 'Changes (restrooms, comments, removals) sent in change-feed pages.',
    registers: [this.registry],
  });

  readonly snapshotBuilds = new Counter({
    name: 'allstall_snapshot_builds_total',
    help: 'Builds of the whole public set kept in memory, by cache (sync_pieces, sync_snapshot, open_data_export) and result (ok, failed).',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  readonly snapshotBuildSeconds = new Histogram({
    name: 'allstall_snapshot_build_seconds',
    help: 'Time a build took (read and compress), by cache.',
    labelNames: ['cache'] as const,
    buckets: BUILD_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly snapshotBuildCpuSeconds = new Counter({
    name: 'allstall_snapshot_build_cpu_seconds_total',
    help: 'CPU seconds spent by the first-sync snapshot builds in their worker thread (reading, writing lines, compressing); Linux only.',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });

  readonly snapshotBytes = new Gauge({
    name: 'allstall_snapshot_bytes',
    help: 'Size of the first-sync snapshot last built, by encoding (identity, gzip, br).',
    labelNames: ['encoding'] as const,
    registers: [this.registry],
  });

  readonly databaseErrors = new Counter({
    name: 'allstall_database_errors_total',
    help: 'Requests that failed on a database error, by kind: unavailable (answered 503 with Retry-After) or other (500).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly retentionDeleted = new Counter({
    name: 'allstall_retention_deleted_total',
    help: 'Rows the retention sweep deleted (applied_write_answers: stored answers shrunk to their minimal one), by table.',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });

  readonly retentionSweeps = new Counter({
    name: 'allstall_retention_sweeps_total',
    help: 'Retention sweeps by result: done, partial (more left for the next), skipped (another instance was sweeping) or failed.',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  constructor(options: { importRunProgress?: () => Promise<ImportRunProgress[]>; processMetrics?: boolean } = {}) {
    const { importRunProgress, processMetrics = false } = options;
    if (importRunProgress !== undefined) this.#importRunGauges(importRunProgress);
    // The event-loop delay, CPU and memory of this process (allstall_nodejs_eventloop_lag_*,
    // allstall_process_*): only where they are scraped, since each adds a timer and an observer.
    if (processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'allstall_' });
  }

  /** Gauges read when scraped, all three from one read of the running runs. */
  #importRunGauges(read: () => Promise<ImportRunProgress[]>): void {
    let latest: Promise<ImportRunProgress[]> | null = null;
    // One read per scrape, shared by the three gauges (a scrape collects them one after the other).
    const progress = () => {
      latest ??= read().finally(() => setImmediate(() => (latest = null)));
      return latest;
    };
    const bySource = (pick: (run: ImportRunProgress) => number | null) => async (gauge: Gauge<'source'>) => {
      gauge.reset();
      for (const run of await progress()) {
        const value = pick(run);
        if (value !== null) gauge.inc({ source: run.source }, value);
      }
    };
    new Gauge({
      name: 'allstall_import_run_steps_done',
      help: 'Steps (OpenStreetMap tiles, Refuge pages) done by the import runs running now, by source.',
      labelNames: ['source'] as const,
      registers: [this.registry],
      collect() {
        return bySource((run) => run.stepsDone)(this);
      },
    });
    new Gauge({
      name: 'allstall_import_run_steps_total',
      help: 'Steps the import runs running now will take, by source (once the source has said).',
      labelNames: ['source'] as const,
      registers: [this.registry],
      collect() {
        return bySource((run) => run.stepsTotal)(this);
      },
    });
    new Gauge({
      name: 'allstall_import_run_rows_read',
      help: 'Listings read so far by the import runs running now, by source.',
      labelNames: ['source'] as const,
      registers: [this.registry],
      collect() {
        return bySource((run) => run.rowsRead)(this);
      },
    });
  }
}
