import { fileURLToPath } from 'node:url';
import { startAppServer, type AppServer } from '../../e2e/support/app-server.js';
import { seedSyntheticRestrooms } from './synthetic-database.js';
import { TWIN_CITIES_LAYOUT, type SyntheticLayout } from './synthetic-restrooms.js';

/** The web build under test: `web/dist` (what `npm test` builds) unless BENCH_WEB_DIST_DIR names another. */
export const benchWebDistDir = process.env.BENCH_WEB_DIST_DIR ?? fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * The production server on a database holding `restrooms` synthetic listings placed by `layout`
 * (the Twin Cities unless told) and nothing else (no demo data), plus the e2e admin account. The
 * rows are in the file before the server starts, so no
 * cache of the server's (the nearby grid, the first-sync snapshot) ever saw it empty.
 */
export function startBenchServer(restrooms: number, env: Record<string, string> = {}, layout: SyntheticLayout = TWIN_CITIES_LAYOUT): Promise<AppServer> {
  return startAppServer({ DEMO_DATA: '0', WEB_DIST_DIR: benchWebDistDir, ...env }, (dataDir) => seedSyntheticRestrooms(dataDir, restrooms, layout));
}
