import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { ImportRunner } from '../imports/import-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's loop over the import runs it works on. */
    importRunner: ImportRunner;
  }
}

/**
 * The import runner (docs/architecture.md#import-runs), once the database is ready: runs a server
 * that is gone left running are stopped for an admin to resume; when the app closes, this server's
 * runs stop between steps (before the database closes) and are marked stopped.
 */
export const importRunnerPlugin = fastifyPlugin<{ config: AppConfig }>(
  async (app, { config }) => {
    const runner = new ImportRunner(app.db, config, app.log);
    app.decorate('importRunner', runner);
    await runner.stopAbandoned(Date.now());
    app.addHook('preClose', async () => {
      await runner.close();
    });
  },
  { name: 'allstall-import-runner', dependencies: ['allstall-db'] },
);
