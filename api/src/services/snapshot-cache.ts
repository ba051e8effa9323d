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
import type { Database } from '../db/schema.js';
import { readSnapshot } from '../repositories/snapshot-rows.js';
import { compressBody, type CompressedBody } from './compressed-body.js';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache.js';

/*
 * The first-sync snapshot (GET /api/sync/snapshot): every public restroom and comment at one
 * version, as newline-delimited JSON, compressed once and kept in memory, so a thousand devices
 * syncing at once cost one database read and one compression instead of a thousand feed walks.
 * Its restrooms come nearest first from the region's list origin and map centre, so a device can
 * draw what a first visit shows from the first lines (docs/offline-data.md#first-sync-from-the-snapshot).
 */

/** One built snapshot: its version, counts and bodies. The identity body is not kept (see services/compressed-body.ts). */
export interface SyncSnapshot extends CompressedBody {
  /** The feed version it stands at: its header's cursor. */
  version: number;
  restrooms: number;
  comments: number;
  builtAtMs: number;
}

/** What a build took, for the log and for tuning. */
interface SnapshotBuildTimings {
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
  /** The points the restrooms are sent outward from: the region's list origin and map centre. */
  outwardFrom: readonly LatLng[];
  log?: FastifyBaseLogger;
  now?: () => number;
  /** Told of every build that ends (services/versioned-cache.ts). */
  onBuild?: VersionedCacheOptions<SyncSnapshot>['onBuild'];
}

/**
 * The snapshot of this process (services/versioned-cache.ts for when it is rebuilt). A device
 * pulls the feed after the snapshot anyway, so a slightly older one only means a few more changes
 * in that pull; but once the tombstone floor has passed its version the feed would tell the device
 * to start over, so such a snapshot is never served.
 */
export class SnapshotCache extends VersionedCache<SyncSnapshot> {
  constructor({ db, buildDb, maxAgeMs, outwardFrom, log, now, onBuild }: SnapshotCacheOptions) {
    super({
      name: 'sync snapshot',
      db,
      buildDb,
      maxAgeMs,
      log,
      now,
      onBuild,
      expiresBelowTombstoneFloor: true,
      build: async (buildFrom, clock) => {
        const { snapshot, timings } = await buildSnapshot(buildFrom, outwardFrom, clock);
        return {
          value: snapshot,
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
}

/** Reads the public set at one version, restrooms outward from `outwardFrom`, writes its lines and compresses them both ways at once. */
async function buildSnapshot(
  db: Kysely<Database>,
  outwardFrom: readonly LatLng[],
  now: () => number = Date.now,
): Promise<{ snapshot: SyncSnapshot; timings: SnapshotBuildTimings }> {
  const startedAt = performance.now();
  // Each line becomes bytes as soon as it is written: only one batch of row objects is alive at a time.
  const lines: Buffer[] = [];
  const addLine = (line: SyncSnapshotLine | SyncSnapshotHeader) =>
    lines.push(Buffer.from(`${JSON.stringify('format' in line ? line : snapshotWireLine(line))}\n`));
  let restrooms = 0;
  let comments = 0;
  const version = await readSnapshot(db, { batchSize: SNAPSHOT_LINE_ROWS, outwardFrom }, {
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
  const readAt = performance.now();
  const body = await compressBody(lines);
  return {
    snapshot: { version, restrooms, comments, ...body, builtAtMs: now() },
    timings: { readMs: Math.round(readAt - startedAt), compressMs: Math.round(performance.now() - readAt) },
  };
}
