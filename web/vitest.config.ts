import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SOURCE_CONDITION } from '../build/source-condition.mjs';
import { messageCatalogs } from './build-tools/message-catalogs.ts';
import { srcAlias } from './build-tools/src-alias.ts';

export default defineConfig({
  plugins: [react(), messageCatalogs({ catalogRoot: fileURLToPath(new URL('src/lib/i18n/catalogs', import.meta.url)), entry: fileURLToPath(new URL('src/main.tsx', import.meta.url)) })],
  // Same as vite.config.ts: test shared from source.
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions], alias: [srcAlias] },
  test: {
    environment: 'jsdom',
    // The bench's own helpers (its synthetic data) are tested too.
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Generous for a busy CI machine, where one test took 32 s at a load of 20 on two cores: a test
    // waits up to 30 s for each change it expects (setup.ts).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // vi.waitFor has no setting; pass it { timeout } (see src/lib/outbox/outbox.test.ts).
    expect: { poll: { timeout: 30_000 } },
  },
});
