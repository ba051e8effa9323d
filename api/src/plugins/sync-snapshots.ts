import fastifyPlugin from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { SnapshotCache } from '../services/snapshot-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first-sync snapshot this process serves (GET /api/sync/snapshot). */
    syncSnapshots: SnapshotCache;
  }
}

/** Options of the snapshot plugin. */
export interface SyncSnapshotsPluginOptions {
  config: AppConfig;
  /** How long a built snapshot counts as fresh once the feed has moved on. */
  maxAgeMs: number;
}

/**
 * The process's snapshot cache. On SQLite a build reads through a connection of its own, opened on
 * the first build: the app's one connection would otherwise be held by the build's transaction for
 * the whole read (seconds at 250,000 restrooms) and every other request would queue behind it. In
 * WAL mode that second connection's transaction reads one version while writers carry on. On
 * PostgreSQL the build takes one connection of the pool for its transaction.
 */
export const syncSnapshotsPlugin = fastifyPlugin<SyncSnapshotsPluginOptions>(
  async (app, { config, maxAgeMs }) => {
    let reader: Kysely<Database> | null = null;
    const buildDb = (): Kysely<Database> => {
      if (config.database.kind === 'postgres') return app.db;
      reader ??= connectDatabase(config.database).db;
      return reader;
    };
    app.decorate('syncSnapshots', new SnapshotCache({ db: app.db, buildDb, maxAgeMs, log: app.log }));
    app.addHook('onClose', async () => {
      await reader?.destroy();
    });
  },
  { name: 'allstall-sync-snapshots', dependencies: ['allstall-db'] },
);
