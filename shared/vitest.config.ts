import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The property and grid tests do real work; a busy CI machine can take many times longer.
    testTimeout: 60_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
