import { describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { VersionedCache, type VersionedBuild } from '../../src/snapshots/versioned-cache.js';
import { insertRestroom } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * The rule that serves a stale build while the next one builds, and its exception for a build that
 * is too far behind the feed (the first sync's pieces after an import): there the request waits.
 */

const testApp = useTestApp({});

/** A cache whose builds the test lets finish one at a time, each at the feed's version when it started. */
function heldCache(waitBeyondChanges: number | undefined) {
  const { app } = testApp();
  const releases: (() => void)[] = [];
  const cache = new VersionedCache<VersionedBuild>({
    name: 'test build',
    db: app.db,
    maxAgeMs: 3_600_000,
    rebuildChanges: 2,
    waitBeyondChanges,
    expiresBelowTombstoneFloor: false,
    build: async (now) => {
      const version = await readMeta(app.db, 'seq');
      await new Promise<void>((resolve) => releases.push(resolve));
      return { value: { version, builtAtMs: now() }, logFields: {} };
    },
  });
  const releaseNext = async () => {
    await expect.poll(() => releases.length, { timeout: 30_000 }).toBeGreaterThan(0);
    releases.shift()!();
  };
  return { app, cache, releaseNext, releases };
}

async function addRestrooms(count: number): Promise<void> {
  for (let made = 0; made < count; made++) await insertRestroom(testApp().app.db, { name: `Cafe ${made}` });
}

describe('VersionedCache', () => {
  it('serves the stale build at once while the next one builds, when the feed is only a little past it', async () => {
    const { cache, releaseNext, releases } = heldCache(5);
    const first = cache.current();
    await releaseNext();
    const built = await first;
    await addRestrooms(3);
    // Past rebuildChanges (2) but short of waitBeyondChanges (5): the old build, and a rebuild started.
    expect(await cache.current()).toBe(built);
    await expect.poll(() => releases.length, { timeout: 30_000 }).toBe(1);
    await releaseNext();
  });

  it('makes the request wait for the new build once the feed is waitBeyondChanges past the one it has', async () => {
    const { app, cache, releaseNext } = heldCache(5);
    const first = cache.current();
    await releaseNext();
    const old = await first;
    await addRestrooms(6);
    let answered: VersionedBuild | undefined;
    const waiting = cache.current().then((build) => (answered = build));
    // Every request meanwhile waits for the same build.
    const alsoWaiting = cache.current();
    await expect.poll(() => cache.builds, { timeout: 30_000 }).toBe(2);
    expect(answered).toBeUndefined();
    await releaseNext();
    await waiting;
    expect(answered!.version).toBe(await readMeta(app.db, 'seq'));
    expect(answered!.version).toBeGreaterThanOrEqual(old.version + 6);
    expect(await alsoWaiting).toBe(answered);
    expect(cache.builds).toBe(2);
  });

  it('without waitBeyondChanges, serves the stale build however far behind', async () => {
    const { cache, releaseNext } = heldCache(undefined);
    const first = cache.current();
    await releaseNext();
    const old = await first;
    await addRestrooms(6);
    expect(await cache.current()).toBe(old);
    await releaseNext();
  });
});
