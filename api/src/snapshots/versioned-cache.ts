import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readFeedBounds } from '../repositories/feed-versions.js';

/*
 * A body built from the whole public set at one change-feed version and kept in memory: the
 * first-sync snapshot (snapshots/snapshot-cache.ts) and the open-data export
 * (snapshots/open-data-export.ts). Both are the same for every caller until the feed moves, and a
 * build reads every public restroom, so it must happen once per version, not once per request.
 */

/** What a cache keeps: something built at one feed version, at one moment. */
export interface VersionedBuild {
  /** The feed version (`meta.seq`) it was read at. */
  version: number;
  builtAtMs: number;
}

/** Options of a cache. */
export interface VersionedCacheOptions<T extends VersionedBuild> {
  /** Names the build in the log: `<name> built`, `<name> build failed`. */
  name: string;
  /** Where the bounds of the feed (`meta.seq`, `tombstone_floor`) are read on each request. */
  db: Kysely<Database>;
  /** Reads and makes one; `logFields` go into the `<name> built` line. */
  build: (now: () => number) => Promise<{ value: T; logFields: Record<string, unknown> }>;
  /** How long a build counts as fresh after the feed has moved on; 0 = only while the feed has not moved. */
  maxAgeMs: number;
  /** How many changes past its version make a build stale before `maxAgeMs` (SNAPSHOT_REBUILD_CHANGES). */
  rebuildChanges: number;
  /**
   * Whether a build older than the tombstone floor must not be served: true for the snapshot, which a
   * device pulls the feed after (the feed would tell it to start over); an export has no such tie.
   */
  expiresBelowTombstoneFloor: boolean;
  /**
   * How many changes past its version make a build too far behind to serve while the next one
   * builds: the request waits for that build instead (the first sync's pieces, after an import of
   * tens of thousands, where the feed pages a device would pull after the old build cost it far more
   * than the seconds of a build). Unset: a stale build is always served meanwhile.
   */
  waitBeyondChanges?: number | undefined;
  log?: FastifyBaseLogger | undefined;
  now?: (() => number) | undefined;
  /** Told of every build that ends, for the metrics (allstall_snapshot_build_*). */
  onBuild?: ((outcome: { value: T; seconds: number } | { error: unknown; seconds: number }) => void) | undefined;
}

/**
 * After a build failed, how long the old build is served before a request starts another: a build
 * that fails every time (a worker that cannot start, a database that cannot be read) would otherwise
 * be retried on every request, each costing seconds of CPU.
 */
export const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * The build of this process. It is fresh while the feed has not moved past its version, and while
 * the feed is fewer than `rebuildChanges` changes past it and it is younger than `maxAgeMs`: a device
 * pulls the feed after a snapshot anyway, so an older one costs it only those changes, while a
 * rebuild at a country's size costs seconds of CPU. A stale build is still served while a new one
 * builds: waiting for a build of 250,000 rows would mean seconds, where a slightly older answer
 * carries its own version. The request waits for the build instead when there is none yet, when
 * `maxAgeMs` is 0 (every answer at the newest version: tests, tiny deployments), and, where asked,
 * when the tombstone floor has passed its version or the feed is `waitBeyondChanges` past it. Requests that arrive while a build runs share it.
 */
export class VersionedCache<T extends VersionedBuild> {
  readonly #options: VersionedCacheOptions<T>;
  readonly #now: () => number;
  #current: T | null = null;
  #building: Promise<T> | null = null;
  #builds = 0;
  #failedAtMs: number | null = null;

  constructor(options: VersionedCacheOptions<T>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** How many builds this cache has started: for tests and the log. */
  get builds(): number {
    return this.#builds;
  }

  /** The build to serve now. */
  async current(): Promise<T> {
    if (this.#current === null) return this.#build();
    const { seq, floor } = await readFeedBounds(this.#options.db);
    // Taken after the read: a build may have finished meanwhile, and its result is the one to judge.
    const current = this.#current;
    if (this.#options.expiresBelowTombstoneFloor && current.version < floor) return this.#build();
    if (current.version >= seq) return current;
    const { maxAgeMs, rebuildChanges } = this.#options;
    if (maxAgeMs === 0) return this.#build();
    if (seq - current.version < rebuildChanges && this.#now() - current.builtAtMs < maxAgeMs) return current;
    if (this.#building === null && this.#failedAtMs !== null && this.#now() - this.#failedAtMs < RETRY_AFTER_FAILURE_MS) return current;
    const { waitBeyondChanges } = this.#options;
    if (waitBeyondChanges !== undefined && seq - current.version >= waitBeyondChanges) {
      // Far behind: the new build, which every request now waits for together; the old one if it fails.
      return this.#build().catch((error: unknown) => {
        this.#options.log?.error({ err: error }, `${this.#options.name} build failed`);
        return current;
      });
    }
    // Nobody waits on this build, so its failure is only logged; the next request tries again.
    this.#build().catch((error: unknown) => this.#options.log?.error({ err: error }, `${this.#options.name} build failed`));
    return current;
  }

  #build(): Promise<T> {
    if (this.#building !== null) return this.#building;
    this.#builds += 1;
    const startedAt = performance.now();
    const seconds = () => (performance.now() - startedAt) / 1000;
    const building = this.#options
      .build(this.#now)
      .then(
        ({ value, logFields }) => {
          this.#options.log?.info({ version: value.version, ...logFields }, `${this.#options.name} built`);
          this.#current = value;
          this.#failedAtMs = null;
          this.#options.onBuild?.({ value, seconds: seconds() });
          return value;
        },
        (error: unknown) => {
          this.#failedAtMs = this.#now();
          this.#options.onBuild?.({ error, seconds: seconds() });
          throw error;
        },
      )
      .finally(() => {
        if (this.#building === building) this.#building = null;
      });
    this.#building = building;
    return building;
  }
}
