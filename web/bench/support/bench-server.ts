import { fileURLToPath } from 'node:url';
import { startAppServer, type AppServer } from '../../e2e/support/app-server.js';
import { addSyntheticRestrooms } from './synthetic-database.js';

/** The web build under test: `web/dist` (what `npm test` builds) unless BENCH_WEB_DIST_DIR names another. */
export const benchWebDistDir = process.env.BENCH_WEB_DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * The production server on a fresh database holding `restrooms` synthetic listings and nothing else
 * (no demo data), plus the e2e admin account.
 */
export async function startBenchServer(restrooms: number): Promise<AppServer> {
  const server = await startAppServer({ DEMO_DATA: '0', WEB_DIST_DIR: benchWebDistDir });
  try {
    await addSyntheticRestrooms(server.dataDir, restrooms);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
