import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { buildOpenDataExport, type OpenDataExport } from '../snapshots/open-data-export.js';
import { SnapshotCache } from '../snapshots/snapshot-cache.js';
import { SyncPiecesCache } from '../snapshots/sync-pieces-cache.js';
import { VersionedCache } from '../snapshots/versioned-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first-sync snapshot this process serves (GET /api/sync/snapshot). */
    syncSnapshots: SnapshotCache;
    /** The first sync's pieces and their index this process serves (GET /api/sync/pieces…). */
    syncPieces: SyncPiecesCache;
    /** The open-data export this process serves (GET /api/export/restrooms.geojson and .csv). */
    openDataExports: VersionedCache<OpenDataExport>;
  }
}

/** Options of the snapshot plugin. */
export interface SyncSnapshotsPluginOptions {
  config: AppConfig;
  /** How long a built snapshot or export counts as fresh once the feed has moved on. */
  maxAgeMs: number;
  /** For tests: each snapshot build's worker stops mid-read until the function it is given is called. */
  holdSnapshotBuild?: ((release: () => void) => void) | undefined;
}

/**
 * The process's caches of the whole public set: the first sync's pieces (what this app's devices
 * read), the one-answer snapshot (what older apps read, built only when asked) and the open-data export,
 * rebuilt by the same rule (SNAPSHOT_MAX_AGE_SECONDS, SNAPSHOT_REBUILD_CHANGES). An export, unlike a
 * snapshot, is not a base a device pulls the feed after, so the tombstone floor does not expire it.
 *
 * A snapshot is built in a worker thread with a connection of its own (snapshots/snapshot-cache.ts):
 * every device's first sync depends on it, and it is the bigger build. The export stays on this
 * thread, streamed a batch at a time with its compression in the thread pool: it is asked for by
 * the rare person downloading the data, not by every device. On SQLite it reads through a
 * connection of its own, opened on the first build: the app's one connection would otherwise be
 * held by the build's transaction for the whole read (seconds at 250,000 restrooms) and every other
 * request would queue behind it. In WAL mode that second connection's transaction, like the
 * worker's, reads one version while writers carry on. On PostgreSQL the export takes one connection
 * of the pool for its transaction, and the worker opens one of its own.
 */
export const syncSnapshotsPlugin = fastifyPlugin<SyncSnapshotsPluginOptions>(
  async (app, { config, maxAgeMs, holdSnapshotBuild }) => {
    const rebuildChanges = config.snapshotRebuildChanges;
    let reader: Kysely<Database> | null = null;
    /** Where the export reads. */
    const buildDb = (): Kysely<Database> => {
      if (config.database.kind === 'postgres') return app.db;
      reader ??= connectDatabase(config.database).db;
      return reader;
    };
    const { listOrigin, mapCenter } = config.region;
    const { metrics } = app;
    const counted =
      (cache: 'sync_snapshot' | 'sync_pieces' | 'open_data_export') =>
      (outcome: { seconds: number; error?: unknown }): void => {
        metrics.snapshotBuilds.inc({ cache, result: 'error' in outcome ? 'failed' : 'ok' });
        if (!('error' in outcome)) metrics.snapshotBuildSeconds.observe({ cache }, outcome.seconds);
      };
    const snapshotBuilt = counted('sync_snapshot');
    app.decorate(
      'syncSnapshots',
      new SnapshotCache({
        db: app.db,
        database: config.database,
        maxAgeMs,
        rebuildChanges,
        outwardFrom: [listOrigin, mapCenter],
        log: app.log,
        holdBuild: holdSnapshotBuild,
        onBuild: (outcome) => {
          snapshotBuilt(outcome);
          if (!('value' in outcome)) return;
          if (outcome.value.cpuSeconds !== null) metrics.snapshotBuildCpuSeconds.inc({ cache: 'sync_snapshot' }, outcome.value.cpuSeconds);
          metrics.snapshotBytes.set({ encoding: 'identity' }, outcome.value.identityLength);
          metrics.snapshotBytes.set({ encoding: 'gzip' }, outcome.value.gzip.length);
          metrics.snapshotBytes.set({ encoding: 'br' }, outcome.value.br.length);
        },
      }),
    );
    const piecesBuilt = counted('sync_pieces');
    app.decorate(
      'syncPieces',
      new SyncPiecesCache({
        db: app.db,
        database: config.database,
        maxAgeMs,
        rebuildChanges,
        log: app.log,
        onBuild: (outcome) => {
          piecesBuilt(outcome);
          if ('value' in outcome && outcome.value.cpuSeconds !== null) metrics.snapshotBuildCpuSeconds.inc({ cache: 'sync_pieces' }, outcome.value.cpuSeconds);
        },
      }),
    );
    app.decorate(
      'openDataExports',
      new VersionedCache<OpenDataExport>({
        name: 'open-data export',
        db: app.db,
        build: (now) => buildOpenDataExport(buildDb(), now),
        maxAgeMs,
        rebuildChanges,
        expiresBelowTombstoneFloor: false,
        log: app.log,
        onBuild: counted('open_data_export'),
      }),
    );
    app.addHook('onClose', async () => {
      app.syncSnapshots.close();
      app.syncPieces.close();
      await reader?.destroy();
    });
  },
  { name: 'allstall-sync-snapshots', dependencies: ['allstall-db', 'allstall-metrics'] },
);
