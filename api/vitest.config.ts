import { configDefaults, defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from '../build/source-condition.mjs';

// Resolve the workspace packages from their TypeScript sources, so tests never need a build first.
const sourceConditions = [SOURCE_CONDITION];

/**
 * Files that never reach the database the suite is given: pure logic, configuration, the lint rules,
 * and a test that runs the built server on a SQLite file of its own. The PostgreSQL run
 * (TEST_DATABASE_URL, scripts/test-postgres.sh) leaves them out: the SQLite run has just run them
 * the same way, and on CI's two cores every minute counts. A file here that comes to use the
 * database must leave this list.
 */
const ENGINE_FREE_FILES = [
  'test/app/config.test.ts',
  'test/app/config-import-runs.test.ts',
  'test/app/lint-boundaries.test.ts',
  'test/db/db-errors.test.ts',
  'test/geo/time-zone.test.ts',
  'test/geocoding/answer-cache.test.ts',
  'test/geocoding/nominatim-policy.test.ts',
  'test/geocoding/opening-hours.test.ts',
  'test/imports/refuge-client.test.ts',
  'test/operations/graceful-shutdown.test.ts',
  'test/reliability/graceful-shutdown.test.ts',
  'test/services/pull-changes.test.ts',
];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...ENGINE_FREE_FILES] : configDefaults.exclude,
    // Files share one module graph: each builds its own app, database and fakes through buildApp and
    // nothing mocks a module, so isolation only re-imported Fastify, TypeBox and argon2 per file
    // (131 of the suite's 400 s in CI; 11 s without). A file that mocks a module would need isolating:
    // without it vitest keeps no mock to its file (vitest-dev/vitest#11152).
    isolate: false,
    // argon2 at full strength and a 770-row seed take a moment, and far longer on a busy CI machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
