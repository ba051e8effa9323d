import 'fake-indexeddb/auto';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type * as ImportWithRetry from '../lib/device/import-with-retry';
import { firstRows } from '../lib/device/first-rows';
import { activateLocale, loadMessagePart } from '../lib/i18n/i18n';

// waitFor and findBy* give up after 1 s by default, which a busy CI machine can overrun while the
// awaited change is still on its way; they return as soon as it shows, so a long ceiling costs nothing.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());

// The app's start opens the first-rows gate (main.tsx, use-nearby-first.ts); a screen rendered alone
// in a test has no such start, and its menu, filters and contract checks load at once, as they would
// on any screen but the first restrooms' (lib/device/first-rows.test.ts tests the gate itself).
firstRows.open();

// A screen's lazy chunk (the detail's small map, a lazy screen) starts loading when it renders and may
// still be on its way when a test file ends. Leaflet reads `window` as it is evaluated, so a chunk that
// lands after jsdom is torn down throws 'window is not defined' into the run. Every dynamic import goes
// through import-with-retry, so each file waits here for the ones still in flight before it is torn down.
const loadsInFlight = vi.hoisted(() => new Set<Promise<unknown>>());

vi.mock('../lib/device/import-with-retry', async (importOriginal) => {
  const actual = await importOriginal<typeof ImportWithRetry>();
  const tracked =
    <T,>(load: () => Promise<T>) =>
    (): Promise<T> => {
      const loading = load();
      loadsInFlight.add(loading);
      void loading.then(
        () => loadsInFlight.delete(loading),
        () => loadsInFlight.delete(loading),
      );
      return loading;
    };
  return {
    ...actual,
    importWithRetry: <T,>(load: () => Promise<T>) => actual.importWithRetry(tracked(load)),
    lazyWithRetry: ((load, unavailable, what) => actual.lazyWithRetry(tracked(load), unavailable, what)) as typeof actual.lazyWithRetry,
  };
});

afterAll(async () => {
  while (loadsInFlight.size > 0) await Promise.allSettled([...loadsInFlight]);
});

// Components speak the source language in tests, admin screens included, unless a test switches.
await loadMessagePart('more');
await loadMessagePart('admin');
await activateLocale('en');
