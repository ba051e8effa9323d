import { SYNC_PAGE_CHANGES } from '@allstall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { CompressedBody } from '../compression/compressed-body.js';
import type { Database } from '../db/schema.js';
import { buildInWorker, receivedBody } from './snapshot-cache.js';
import type { SyncPiecesBuild } from './sync-pieces.js';
import { VersionedCache, type VersionedCacheOptions } from './versioned-cache.js';

/**
 * How far behind the feed the served pieces may be while new ones build: past this many changes
 * (ten feed pages, as after an admin's import of a region), an index request waits for the build.
 * A build of 100,000 restrooms takes seconds; a device on one bar of signal pulling ten or a
 * hundred feed pages after old pieces takes far longer, and does it again for every first visit.
 */
const PIECES_WAIT_BEYOND_CHANGES = 10 * SYNC_PAGE_CHANGES;

/** Options of the cache. */
export interface SyncPiecesCacheOptions {
  db: Kysely<Database>;
  database: DatabaseConfig;
  maxAgeMs: number;
  rebuildChanges: number;
  log?: FastifyBaseLogger;
  now?: () => number;
  onBuild?: VersionedCacheOptions<SyncPiecesBuild & { cpuSeconds: number | null }>['onBuild'];
}

/**
 * The first sync's pieces of this process, rebuilt by the snapshot's rule (snapshots/versioned-cache.ts)
 * in a worker thread. A piece is served by name from the newest build and the one before it: a
 * device that read the index just before a rebuild still gets the pieces it names, and one that asks
 * for a name neither holds reads the index again (docs/offline-data.md#first-sync-in-pieces).
 */
export class SyncPiecesCache extends VersionedCache<SyncPiecesBuild & { cpuSeconds: number | null }> {
  readonly #running = new AbortController();
  /** Pieces served by name: the newest build's and the one's before it. */
  #byName = new Map<string, CompressedBody>();
  #newest = new Map<string, CompressedBody>();

  constructor({ db, database, maxAgeMs, rebuildChanges, log, now = Date.now, onBuild }: SyncPiecesCacheOptions) {
    super({
      name: 'sync pieces',
      db,
      maxAgeMs,
      rebuildChanges,
      waitBeyondChanges: PIECES_WAIT_BEYOND_CHANGES,
      log,
      now,
      expiresBelowTombstoneFloor: true,
      onBuild: (outcome) => {
        if ('value' in outcome) {
          // The new build's pieces, and the ones of the build it replaces: a name unchanged is the same bytes.
          this.#byName = new Map([...this.#newest, ...outcome.value.pieces]);
          this.#newest = outcome.value.pieces;
        }
        onBuild?.(outcome);
      },
      build: async () => {
        const message = await buildInWorker({ kind: 'pieces', database }, { signal: this.#running.signal });
        if (message.kind !== 'built-pieces') throw new Error(`the pieces worker answered ${message.kind}`);
        const { build, timings } = message;
        const value = {
          ...build,
          builtAtMs: now(),
          indexBody: receivedBody(build.indexBody),
          pieces: new Map(build.pieces.map(([name, body]) => [name, receivedBody(body)] as const)),
          cpuSeconds: timings.cpuSeconds ?? null,
        };
        return {
          value,
          logFields: { restrooms: value.restrooms, comments: value.comments, pieces: value.pieces.size, indexBrBytes: value.indexBody.br.length, ...timings },
        };
      },
    });
  }

  /** The index to serve now. */
  index(): Promise<SyncPiecesBuild> {
    return this.current();
  }

  /** A piece of the newest build or the one before, by name; undefined for any other name. */
  piece(name: string): CompressedBody | undefined {
    return this.#byName.get(name);
  }

  close(): void {
    this.#running.abort();
  }
}
