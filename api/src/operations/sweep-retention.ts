import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { deleteFailuresBeforeBatch } from '../repositories/auth-failures.js';
import { dropOldAnswers, pruneOldKeys } from '../repositories/applied-writes.js';
import { pruneOldTombstones } from '../repositories/feed-versions.js';
import { pruneFinishedRunRows } from '../repositories/import-runs.js';
import { releaseRetentionLease, renewRetentionLease, takeRetentionLease } from '../repositories/retention-lease.js';
import { deleteExpiredSessionsBatch } from '../repositories/sessions.js';

/*
 * Retention (docs/operations.md#retention): what the server stops keeping, and when. Every step
 * deletes (or shrinks) in bounded batches, each in its own short transaction, so SQLite's one writer
 * is never held for long and a write waits at most one batch; every step is idempotent, so a sweep
 * cut short (a crash, a lost lease) is simply finished by the next one.
 */

/** What a sweep removes, as the metrics and the log name it. */
export const RETENTION_TABLES = ['sessions', 'auth_failures', 'import_run_rows', 'tombstones', 'applied_write_answers', 'applied_write_keys'] as const;
type RetentionTable = (typeof RETENTION_TABLES)[number];

/** How long each kind of record is kept, in milliseconds. */
export interface RetentionWindows {
  /** A write's whole stored answer; after it a replay gets the minimal answer. */
  writeAnswerMs: number;
  /** The proof a key was spent; after it a write under a key that old is refused. */
  writeKeyMs: number;
  /** Per-listing rows of an import run that finished this long ago. */
  importRunRowsMs: number;
  /** Tombstones of deletions this old; a device whose cursor is older starts over. */
  tombstoneMs: number;
  /** Login failures no rate limit looks at any more. */
  authFailureMs: number;
}

export interface SweepOptions {
  windows: RetentionWindows;
  /** The clock; injected so tests can move time. */
  now: () => number;
  /** Rows per batch (one short transaction each). */
  batchSize?: number;
  /** Batches per table per sweep at most, so one sweep's work (and lease) is bounded; the next sweep goes on. */
  maxBatches?: number;
  /** How long the lease is taken for, renewed before every batch. */
  leaseMs?: number;
}

export type SweepResult = { swept: false } | { swept: true; deleted: Record<RetentionTable, number>; complete: boolean };

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_MAX_BATCHES = 200;
const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/**
 * One sweep, when no other instance is sweeping: `{ swept: false }` when one is. `complete` is false
 * when a table had more than the batches allowed, or the lease was lost part way.
 */
export async function sweepRetention(db: Kysely<Database>, options: SweepOptions): Promise<SweepResult> {
  const { windows, now, batchSize = DEFAULT_BATCH_SIZE, maxBatches = DEFAULT_MAX_BATCHES, leaseMs = DEFAULT_LEASE_MS } = options;
  const startMs = now();
  let token = await takeRetentionLease(db, startMs, startMs + leaseMs);
  if (token === null) return { swept: false };

  // Each step's cut-off is fixed at the sweep's start, so a long sweep does not chase a moving line.
  const steps: Record<RetentionTable, (limit: number) => Promise<number>> = {
    sessions: (limit) => deleteExpiredSessionsBatch(db, startMs, limit),
    auth_failures: (limit) => deleteFailuresBeforeBatch(db, startMs - windows.authFailureMs, limit),
    import_run_rows: (limit) => pruneFinishedRunRows(db, startMs - windows.importRunRowsMs, limit),
    tombstones: (limit) => pruneOldTombstones(db, startMs - windows.tombstoneMs, limit),
    applied_write_answers: (limit) => dropOldAnswers(db, startMs - windows.writeAnswerMs, limit),
    applied_write_keys: (limit) => pruneOldKeys(db, startMs - windows.writeKeyMs, limit),
  };
  const deleted = Object.fromEntries(RETENTION_TABLES.map((table) => [table, 0])) as Record<RetentionTable, number>;
  let complete = true;
  try {
    for (const table of RETENTION_TABLES) {
      for (let batch = 0; ; batch += 1) {
        if (batch === maxBatches) {
          complete = false;
          break;
        }
        token = await renewRetentionLease(db, token, now() + leaseMs);
        if (token === null) return { swept: true, deleted, complete: false };
        const count = await steps[table](batchSize);
        deleted[table] += count;
        if (count === 0) break;
      }
    }
    return { swept: true, deleted, complete };
  } finally {
    if (token !== null) await releaseRetentionLease(db, token);
  }
}
