import {
  COMPACT_RESTROOM_FORMAT,
  compactRestroom,
  SNAPSHOT_FORMAT,
  SNAPSHOT_LINE_ROWS,
  snapshotWireLine,
  type SyncSnapshotHeader,
  type LatLng,
  type SyncSnapshotLine,
} from '@allstall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { readSnapshot } from '../repositories/snapshot-rows.js';
import { compressBody, type CompressedBody } from '../compression/compressed-body.js';
import type { SyncPiecesBuild } from './sync-pieces.js';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache.js';

/*
 * The first-sync snapshot (GET /api/sync/snapshot): every public restroom and comment at one
 * version, as newline-delimited JSON, compressed once and kept in memory, so a thousand devices
 * syncing at once cost one database read and one compression instead of a thousand feed walks.
 * Its restrooms come nearest first from the region's list origin and map centre, so a device can
 * draw what a first visit shows from the first lines (docs/offline-data.md#nearest-first).
 *
 * A build at 250,000 restrooms is seconds of CPU (reading, writing the lines, compressing), so it
 * runs in a worker thread with a database connection of its own (snapshots/snapshot-worker.ts): the
 * event loop goes on answering requests, and the old snapshot is served, while it runs.
 */

/** One built snapshot: its version, counts and bodies. The identity body is not kept (see compression/compressed-body.ts). */
export interface SyncSnapshot extends CompressedBody {
  /** The feed version it stands at: its header's cursor. */
  version: number;
  restrooms: number;
  comments: number;
  builtAtMs: number;
}

/** What a build took, for the log, the metrics and tuning. */
export interface SnapshotBuildTimings {
  readMs: number;
  compressMs: number;
  /** CPU seconds of the thread that built it, where the platform tells (Linux); null elsewhere or in process. */
  cpuSeconds?: number | null;
}

/** What a worker is asked to build: plain data, since a connection cannot cross to a thread. */
export type SnapshotWorkerRequest =
  | {
      kind: 'snapshot';
      database: DatabaseConfig;
      outwardFrom: readonly LatLng[];
      /** For tests: the worker stops in the middle of its read, its transaction open, until let go. */
      hold: boolean;
    }
  | { kind: 'pieces'; database: DatabaseConfig; hold?: undefined };

/** A compressed body as it crosses back from the worker: its buffers transferred, not copied. */
export type TransferredBody = Omit<CompressedBody, 'gzip' | 'br'> & { gzip: ArrayBuffer; br: ArrayBuffer };

/** What a worker sends back. */
export type SnapshotWorkerMessage =
  | { kind: 'holding' }
  | {
      kind: 'built';
      snapshot: Omit<SyncSnapshot, 'gzip' | 'br'> & { gzip: ArrayBuffer; br: ArrayBuffer };
      timings: SnapshotBuildTimings;
    }
  | {
      kind: 'built-pieces';
      build: Omit<SyncPiecesBuild, 'indexBody' | 'pieces'> & { indexBody: TransferredBody; pieces: [string, TransferredBody][] };
      timings: SnapshotBuildTimings;
    }
  | { kind: 'failed'; message: string };

/** A body that crossed from the worker, as Buffers again. */
export function receivedBody({ gzip, br, identityLength }: TransferredBody): CompressedBody {
  return { identityLength, gzip: Buffer.from(gzip), br: Buffer.from(br) };
}

/** Options of the cache. */
export interface SnapshotCacheOptions {
  /** Where the bounds of the feed (`meta.seq`, `tombstone_floor`) are read on each request. */
  db: Kysely<Database>;
  /** The database a build's worker connects to on its own. */
  database: DatabaseConfig;
  /** How long a snapshot counts as fresh after the feed has moved on; 0 = only while the feed has not moved. */
  maxAgeMs: number;
  /** How many changes past its version make a snapshot stale before `maxAgeMs`. */
  rebuildChanges: number;
  /** The points the restrooms are sent outward from: the region's list origin and map centre. */
  outwardFrom: readonly LatLng[];
  log?: FastifyBaseLogger;
  now?: () => number;
  /** Told of every build that ends (snapshots/versioned-cache.ts), with the worker's CPU seconds when known. */
  onBuild?: VersionedCacheOptions<SyncSnapshot & { cpuSeconds: number | null }>['onBuild'];
  /** For tests: each build's worker stops mid-read and this is called with what lets it go on. */
  holdBuild?: ((release: () => void) => void) | undefined;
}

/**
 * The snapshot of this process (snapshots/versioned-cache.ts for when it is rebuilt). A device
 * pulls the feed after the snapshot anyway, so an older one only means more changes in that pull,
 * at most SNAPSHOT_REBUILD_CHANGES; but once the tombstone floor has passed its version the feed
 * would tell the device to start over, so such a snapshot is never served.
 */
export class SnapshotCache extends VersionedCache<SyncSnapshot & { cpuSeconds: number | null }> {
  readonly #running = new AbortController();

  constructor({ db, database, maxAgeMs, rebuildChanges, outwardFrom, log, now = Date.now, onBuild, holdBuild }: SnapshotCacheOptions) {
    super({
      name: 'sync snapshot',
      db,
      maxAgeMs,
      rebuildChanges,
      log,
      now,
      onBuild,
      expiresBelowTombstoneFloor: true,
      build: async () => {
        const { snapshot, timings } = await buildSnapshotInWorker(
          { kind: 'snapshot', database, outwardFrom: [...outwardFrom], hold: holdBuild !== undefined },
          { signal: this.#running.signal, onHeld: holdBuild, now },
        );
        return {
          value: { ...snapshot, cpuSeconds: timings.cpuSeconds ?? null },
          logFields: {
            restrooms: snapshot.restrooms,
            comments: snapshot.comments,
            identityBytes: snapshot.identityLength,
            gzipBytes: snapshot.gzip.length,
            brBytes: snapshot.br.length,
            ...timings,
          },
        };
      },
    });
  }

  /** The snapshot to serve now. */
  snapshot(): Promise<SyncSnapshot> {
    return this.current();
  }

  /** Ends a build still running (the app is closing): its worker is stopped and the build fails. */
  close(): void {
    this.#running.abort();
  }
}

/**
 * Builds a snapshot in a worker thread of its own, ended once it has answered: a build holds the
 * lines and both bodies (hundreds of MB at 250,000 restrooms), and a thread that ends gives all of
 * that back, where one kept would keep its heap grown between builds that are an hour apart. Its
 * start (a few tens of milliseconds, more from source) is nothing beside the build.
 *
 * Which file the worker runs: from api/dist, the compiled `snapshot-worker.js` beside this one. From
 * source (vitest, `tsx watch` in dev), this module is `snapshot-cache.ts`, and a worker thread does
 * not inherit the loader that compiles TypeScript (vitest's, or tsx's under Node 20), so it starts
 * `snapshot-worker-from-source.mjs`, plain JavaScript that registers tsx and then imports
 * `snapshot-worker.ts`; the workspace packages then resolve to their sources as in the tests
 * (`allstall-source`, build/source-condition.mjs).
 */
export async function buildSnapshotInWorker(
  request: Extract<SnapshotWorkerRequest, { kind: 'snapshot' }>,
  options: BuildInWorkerOptions = {},
): Promise<{ snapshot: SyncSnapshot; timings: SnapshotBuildTimings }> {
  const message = await buildInWorker(request, options);
  if (message.kind !== 'built') throw new Error(`the snapshot worker answered ${message.kind}`);
  const { gzip, br, ...rest } = message.snapshot;
  return { snapshot: { ...rest, gzip: Buffer.from(gzip), br: Buffer.from(br), builtAtMs: (options.now ?? Date.now)() }, timings: message.timings };
}

/** How a build in a worker thread is stopped, held (tests) and dated. */
export interface BuildInWorkerOptions {
  signal?: AbortSignal;
  onHeld?: ((release: () => void) => void) | undefined;
  now?: () => number;
}

/** Runs one build (a snapshot, or the pieces: snapshots/sync-pieces-cache.ts) in a worker thread of its own, and gives its answer. */
export function buildInWorker(
  request: SnapshotWorkerRequest,
  { signal, onHeld }: BuildInWorkerOptions = {},
): Promise<Extract<SnapshotWorkerMessage, { kind: 'built' | 'built-pieces' }>> {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './snapshot-worker-from-source.mjs' : './snapshot-worker.js', import.meta.url);
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new Error('the snapshot build was stopped: the app is closing'));
      return;
    }
    const worker = new Worker(entry, {
      workerData: request,
      ...(fromSource ? { execArgv: ['--conditions=allstall-source'] } : {}),
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      outcome();
    };
    const stop = () => {
      settle(() => reject(new Error('the snapshot build was stopped: the app is closing')));
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: SnapshotWorkerMessage) => {
      if (message.kind === 'holding') {
        onHeld?.(() => worker.postMessage('release'));
        return;
      }
      if (message.kind === 'failed') {
        settle(() => reject(new Error(`the snapshot worker failed: ${message.message}`)));
        return;
      }
      settle(() => resolve(message));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the snapshot worker exited with code ${code} before it answered`))));
  });
}

/** How `buildSnapshot` compresses and, for tests, holds its read. */
export interface SnapshotBuildOptions {
  now?: () => number;
  /** Compresses the lines; the thread pool's streams by default, the calling thread's in a worker. */
  compress?: (lines: readonly Buffer[]) => Promise<CompressedBody>;
  /** Awaited once, after the first batch of restrooms, inside the read's transaction. */
  whileReading?: (() => Promise<void>) | undefined;
}

/** Reads the public set at one version, restrooms outward from `outwardFrom`, writes its lines and compresses them both ways. */
export async function buildSnapshot(
  db: Kysely<Database>,
  outwardFrom: readonly LatLng[],
  { now = Date.now, compress = compressBody, whileReading }: SnapshotBuildOptions = {},
): Promise<{ snapshot: SyncSnapshot; timings: SnapshotBuildTimings }> {
  const startedAt = performance.now();
  // Each line becomes bytes as soon as it is written: only one batch of row objects is alive at a time.
  const lines: Buffer[] = [];
  const addLine = (line: SyncSnapshotLine | SyncSnapshotHeader) =>
    lines.push(Buffer.from(`${JSON.stringify('format' in line ? line : snapshotWireLine(line))}\n`));
  let restrooms = 0;
  let comments = 0;
  let held = whileReading === undefined;
  const version = await readSnapshot(db, { batchSize: SNAPSHOT_LINE_ROWS, outwardFrom }, {
    restrooms: async (batch) => {
      restrooms += batch.length;
      addLine({ restrooms: batch.map(compactRestroom) });
      if (!held) {
        held = true;
        await whileReading?.();
      }
    },
    comments: (batch) => {
      comments += batch.length;
      addLine({ comments: batch });
    },
  });
  addLine({ end: true });
  const header: SyncSnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    restroomFormat: COMPACT_RESTROOM_FORMAT,
    cursor: String(version),
    restrooms,
    comments,
  };
  lines.unshift(Buffer.from(`${JSON.stringify(header)}\n`));
  const readAt = performance.now();
  const body = await compress(lines);
  return {
    snapshot: { version, restrooms, comments, ...body, builtAtMs: now() },
    timings: { readMs: Math.round(readAt - startedAt), compressMs: Math.round(performance.now() - readAt) },
  };
}
