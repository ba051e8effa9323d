import { defineConfig } from 'vitest/config';
import { SOURCE_CONDITION } from '../build/source-condition.mjs';

// Resolve the workspace packages from their TypeScript sources, so tests never need a build first.
const sourceConditions = [SOURCE_CONDITION];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions } },
  test: {
    include: ['test/**/*.test.ts'],
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
