import type { Kysely } from 'kysely';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { assertSchemaIsCurrent, migrateToLatest } from '../db/migrator.js';
import type { Database } from '../db/schema.js';
import { seedEmptyDatabase } from '../seed/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's database; repositories take it as their first argument. */
    db: Kysely<Database>;
    /** Which engine `db` talks to. */
    dbEngine: 'sqlite' | 'postgres';
  }
}

/** Options of the database plugin. */
export interface DbPluginOptions {
  config: AppConfig;
  /** Where the one-time admin password announcement goes; stdout unless a test captures it. */
  announce: (message: string) => void;
}

/**
 * Opens the database, brings the schema up to date (or, with MIGRATE_ON_START off, checks that a
 * migrate job already did) and seeds an empty database, all before the server accepts a request;
 * closes the connection when the app closes.
 */
export const dbPlugin = fastifyPlugin<DbPluginOptions>(
  async (app, { config, announce }) => {
    const database = connectDatabase(config.database);
    const { db, engine } = database;
    app.decorate('db', db);
    app.decorate('dbEngine', engine);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    if (config.migrateOnStart) await migrateToLatest(database);
    else await assertSchemaIsCurrent(database);
    await seedEmptyDatabase(db, { admin: config.admin, demoData: config.demoData, announce, log: app.log });
  },
  { name: 'allstall-db' },
);
