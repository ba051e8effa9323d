import {
  COMPACT_RESTROOM_FORMAT,
  compactRestroom,
  SNAPSHOT_FORMAT,
  SNAPSHOT_LINE_ROWS,
  snapshotWireLine,
  type SyncSnapshotHeader,
  type SyncSnapshotLine,
} from '@allstall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { Database } from '../db/schema.js';
import { readFeedBounds } from '../repositories/feed-versions.js';
import { readSnapshot } from '../repositories/snapshot-rows.js';

/*
 * The first-sync snapshot (GET /api/sync/snapshot): every public restroom and comment at one
 * version, as newline-delimited JSON, compressed once and kept in memory, so a thousand devices
 * syncing at once cost one database read and one compression instead of a thousand feed walks.
 */

/**
 * Brotli quality for the snapshot, measured on 100,000 synthetic restrooms (web/bench's generator,
 * 27 MB of lines) on a shared two-core machine: quality 4 makes 6.23 MB in 0.9 s, 5 6.27 MB in
 * 2.1 s, 6 6.13 MB in 1.7 s, 9 5.88 MB in 3.8 s and 11 5.13 MB in 61 s (gzip -9: 6.53 MB in 1.3 s);
 * 250,000 take about 2.5 times as long. 6 is the smallest that builds in a few seconds at 250,000.
 * A build runs once per version (at most once per SNAPSHOT_MAX_AGE_SECONDS while the feed moves),
 * in the thread pool, so the event loop never waits on it.
 */
export const SNAPSHOT_BROTLI_QUALITY = 6;
const SNAPSHOT_BROTLI_WINDOW_BITS = 22;
const SNAPSHOT_GZIP_LEVEL = 9;

/** One built snapshot: its version, counts and bodies. The identity body is not kept (see `identityStream`). */
export interface SyncSnapshot {
  /** The feed version it stands at: its header's cursor. */
  version: number;
  restrooms: number;
  comments: number;
  /** Bytes of the uncompressed body. */
  identityLength: number;
  gzip: Buffer;
  br: Buffer;
  builtAtMs: number;
}

/** What a build took, for the log and for tuning. */
export interface SnapshotBuildTimings {
  readMs: number;
  compressMs: number;
}

/** Options of the cache. */
export interface SnapshotCacheOptions {
  /** Where the bounds of the feed (`meta.seq`, `tombstone_floor`) are read on each request. */
  db: Kysely<Database>;
  /** Where a build reads the public set: on SQLite a connection of its own (see plugins/sync-snapshots.ts). */
  buildDb: () => Kysely<Database>;
  /** How long a snapshot counts as fresh after the feed has moved on; 0 = only while the feed has not moved. */
  maxAgeMs: number;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The snapshot of this process. A snapshot is fresh while the feed has not moved past its version
 * or it is younger than `maxAgeMs`, and is then served as it is. Once it is older, it is still
 * served while a new one builds: a device pulls the feed after the snapshot anyway, so a slightly
 * older one only means a few more changes in that pull, where waiting for a build of 250,000 rows
 * would mean seconds. The request waits for the build instead when there is no snapshot yet, when
 * `maxAgeMs` is 0 (every answer at the newest version: tests, tiny deployments), and when the
 * tombstone floor has passed the snapshot's version (the feed would tell the device to start over).
 * Requests that arrive while a build runs share it.
 */
export class SnapshotCache {
  readonly #db: Kysely<Database>;
  readonly #buildDb: () => Kysely<Database>;
  readonly #maxAgeMs: number;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #now: () => number;
  #current: SyncSnapshot | null = null;
  #building: Promise<SyncSnapshot> | null = null;
  #builds = 0;

  constructor({ db, buildDb, maxAgeMs, log, now = Date.now }: SnapshotCacheOptions) {
    this.#db = db;
    this.#buildDb = buildDb;
    this.#maxAgeMs = maxAgeMs;
    this.#log = log;
    this.#now = now;
  }

  /** How many builds this cache has started: for tests and the log. */
  get builds(): number {
    return this.#builds;
  }

  /** The snapshot to serve now. */
  async snapshot(): Promise<SyncSnapshot> {
    if (this.#current === null) return this.#build();
    const { seq, floor } = await readFeedBounds(this.#db);
    // Taken after the read: a build may have finished meanwhile, and its snapshot is the one to judge.
    const current = this.#current;
    if (current.version < floor) return this.#build();
    if (current.version >= seq || this.#now() - current.builtAtMs < this.#maxAgeMs) return current;
    if (this.#maxAgeMs === 0) return this.#build();
    // Nobody waits on this build, so its failure is only logged; the next request tries again.
    this.#build().catch((error: unknown) => this.#log?.error({ err: error }, 'sync snapshot build failed'));
    return current;
  }

  #build(): Promise<SyncSnapshot> {
    if (this.#building !== null) return this.#building;
    this.#builds += 1;
    const building = buildSnapshot(this.#buildDb(), this.#now)
      .then(({ snapshot, timings }) => {
        this.#log?.info(
          {
            version: snapshot.version,
            restrooms: snapshot.restrooms,
            comments: snapshot.comments,
            identityBytes: snapshot.identityLength,
            gzipBytes: snapshot.gzip.length,
            brBytes: snapshot.br.length,
            ...timings,
          },
          'sync snapshot built',
        );
        this.#current = snapshot;
        return snapshot;
      })
      .finally(() => {
        if (this.#building === building) this.#building = null;
      });
    this.#building = building;
    return building;
  }
}

/** Reads the public set at one version, writes its lines and compresses them both ways at once. */
export async function buildSnapshot(
  db: Kysely<Database>,
  now: () => number = Date.now,
): Promise<{ snapshot: SyncSnapshot; timings: SnapshotBuildTimings }> {
  const startedAt = performance.now();
  // Each line becomes bytes as soon as it is written: only one batch of row objects is alive at a time.
  const lines: Buffer[] = [];
  const addLine = (line: SyncSnapshotLine | SyncSnapshotHeader) =>
    lines.push(Buffer.from(`${JSON.stringify('format' in line ? line : snapshotWireLine(line))}\n`));
  let restrooms = 0;
  let comments = 0;
  const version = await readSnapshot(db, SNAPSHOT_LINE_ROWS, {
    restrooms: (batch) => {
      restrooms += batch.length;
      addLine({ restrooms: batch.map(compactRestroom) });
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
  const identityLength = lines.reduce((total, line) => total + line.length, 0);
  const readAt = performance.now();

  const [gzip, br] = await Promise.all([
    compress(lines, createGzip({ level: SNAPSHOT_GZIP_LEVEL })),
    compress(
      lines,
      createBrotliCompress({
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: SNAPSHOT_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_LGWIN]: SNAPSHOT_BROTLI_WINDOW_BITS,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identityLength,
        },
      }),
    ),
  ]);
  return {
    snapshot: { version, restrooms, comments, identityLength, gzip, br, builtAtMs: now() },
    timings: { readMs: Math.round(readAt - startedAt), compressMs: Math.round(performance.now() - readAt) },
  };
}

/** Runs the chunks through a zlib stream: zlib's async API, so the work happens in the thread pool. */
async function compress(chunks: readonly Buffer[], compressor: Gzip | BrotliCompress): Promise<Buffer> {
  const output: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    compressor,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        output.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(output);
}
