import { readdirSync, readFileSync } from 'node:fs';
import { defaultClientConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SOURCE_CONDITION } from '../build/source-condition.mjs';

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that replace a module with `vi.mock`. Vitest keeps such a mock to its file only by
 * resetting the module graph between files, which `isolate: false` turns off: the mock could then
 * miss a module another file loaded first, or reach into the next file (vitest-dev/vitest#11152).
 * Found by reading the files, so a new one is isolated from its first run.
 */
function filesMockingModules(): string[] {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.replaceAll('\\', '/')}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
}

const mocking = filesMockingModules();

export default defineConfig({
  plugins: [react()],
  // Same as vite.config.ts: test shared from source.
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Generous for a busy CI machine, where one test took 32 s at a load of 20 on two cores: a test
    // waits up to 30 s for each change it expects (setup.ts).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // vi.waitFor has no setting; pass it { timeout } (see src/lib/outbox/outbox.test.ts).
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [TESTS],
          exclude: [...configDefaults.exclude, ...mocking],
          // These files share one jsdom and one module graph: setup.ts unmounts after every test, each
          // test opens its own IndexedDB, and none mocks a module, so isolation only rebuilt jsdom and
          // re-imported React, Dexie and TypeBox per file (327 s in CI against 46 s without).
          isolate: false,
        },
      },
      ...(mocking.length > 0 ? [{ extends: true as const, test: { name: 'isolated', include: mocking, isolate: true } }] : []),
    ],
  },
});
