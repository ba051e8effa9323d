import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import type { AppConfig, DatabaseConfig } from '../../src/config.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { buildSnapshot, buildSnapshotInWorker, SnapshotCache, type SyncSnapshot } from '../../src/snapshots/snapshot-cache.js';
import { RETRY_AFTER_FAILURE_MS } from '../../src/snapshots/versioned-cache.js';
import { insertRestroom, newRestroomBody, pull, signInAdmin, write } from '../support/fixtures.js';
import { createTestApp, decodedBody, useTestApp, type TestApp } from '../support/helpers.js';

/*
 * When the first-sync snapshot is rebuilt (SNAPSHOT_REBUILD_CHANGES changes, or SNAPSHOT_MAX_AGE_SECONDS
 * once the feed has moved), and that its build runs in a worker thread while the app goes on serving.
 * The caches here are real: the real worker, on the suite's database (SQLite or PostgreSQL), with a
 * clock the test moves.
 */

const testApp = useTestApp({ DEMO_DATA: '1' });

const HOUR_MS = 3_600_000;

type Outcome = { ok: SyncSnapshot } | { failed: unknown };

/** A snapshot cache on the test app's database, with its own clock and a record of every build that ended. */
function snapshotCache(
  { app, config }: TestApp,
  { rebuildChanges, maxAgeMs = HOUR_MS, database = config.database, holdBuild }: {
    rebuildChanges: number;
    maxAgeMs?: number;
    database?: DatabaseConfig;
    holdBuild?: (release: () => void) => void;
  },
) {
  let clock = 1_000_000_000;
  const outcomes: Outcome[] = [];
  const cache = new SnapshotCache({
    db: app.db,
    database,
    maxAgeMs,
    rebuildChanges,
    outwardFrom: outwardFrom(config),
    now: () => clock,
    holdBuild,
    onBuild: (outcome) => outcomes.push('value' in outcome ? { ok: outcome.value } : { failed: outcome.error }),
  });
  opened.push(cache);
  return {
    cache,
    outcomes,
    passes: (ms: number) => {
      clock += ms;
    },
    /** Waits until `count` builds have ended, successful or not. */
    ended: (count: number) => expect.poll(() => outcomes.length).toBe(count),
  };
}

const opened: SnapshotCache[] = [];
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close();
});

function outwardFrom(config: AppConfig) {
  return [config.region.listOrigin, config.region.mapCenter];
}

/** `count` changes on the feed: each new listing takes a version of its own. */
async function moveFeed(app: App, count: number): Promise<number> {
  for (let made = 0; made < count; made += 1) await insertRestroom(app.db, { name: `Moves the feed ${made}` });
  return readMeta(app.db, 'seq');
}

describe('when the first-sync snapshot is rebuilt', () => {
  it('serves the same snapshot through fewer changes than SNAPSHOT_REBUILD_CHANGES, for as long as its maximum age', async () => {
    const { cache, passes } = snapshotCache(testApp(), { rebuildChanges: 3 });
    const first = await cache.snapshot();
    await moveFeed(testApp().app, 2);
    for (let asked = 0; asked < 3; asked += 1) expect((await cache.snapshot()).version).toBe(first.version);
    passes(HOUR_MS - 1);
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(1);
  });

  it('rebuilds once SNAPSHOT_REBUILD_CHANGES changes piled up, serving the old one until the new one is built', async () => {
    const { cache, ended } = snapshotCache(testApp(), { rebuildChanges: 3 });
    const first = await cache.snapshot();
    const seq = await moveFeed(testApp().app, 3);
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(2);
    await ended(2);
    const rebuilt = await cache.snapshot();
    expect(rebuilt.version).toBe(seq);
    expect(cache.builds).toBe(2);
  });

  it('rebuilds after its maximum age only once the feed has moved, however little', async () => {
    const { cache, passes, ended } = snapshotCache(testApp(), { rebuildChanges: 1_000 });
    const first = await cache.snapshot();
    passes(2 * HOUR_MS);
    // Old but still the newest: nothing to rebuild.
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(1);
    const seq = await moveFeed(testApp().app, 1);
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(2);
    await ended(2);
    expect((await cache.snapshot()).version).toBe(seq);
  });

  it('makes the request wait for a new one when the tombstone floor has passed its version, however young', async () => {
    const { app } = testApp();
    const { cache } = snapshotCache(testApp(), { rebuildChanges: 1_000 });
    const first = await cache.snapshot();
    const seq = await moveFeed(app, 1);
    await app.db.updateTable('meta').set({ value: seq }).where('key', '=', 'tombstone_floor').execute();
    try {
      const rebuilt = await cache.snapshot();
      expect(rebuilt.version).toBeGreaterThan(first.version);
      expect(rebuilt.version).toBeGreaterThanOrEqual(seq);
      expect(cache.builds).toBe(2);
    } finally {
      await app.db.updateTable('meta').set({ value: 0 }).where('key', '=', 'tombstone_floor').execute();
    }
  });

  it('with a maximum age of 0, answers every request at the newest version', async () => {
    const { cache } = snapshotCache(testApp(), { rebuildChanges: 1_000, maxAgeMs: 0 });
    await cache.snapshot();
    const seq = await moveFeed(testApp().app, 1);
    expect((await cache.snapshot()).version).toBe(seq);
  });
});

describe('the snapshot built in a worker thread', () => {
  it('holds the same lines as one built in the process, in the same bytes', async () => {
    const { app, config } = testApp();
    const [inWorker, inProcess] = await Promise.all([
      buildSnapshotInWorker({ kind: 'snapshot', database: config.database, outwardFrom: outwardFrom(config), hold: false }),
      buildSnapshot(app.db, outwardFrom(config)),
    ]);
    const { snapshot } = inWorker;
    expect(snapshot.version).toBe(inProcess.snapshot.version);
    expect(snapshot.restrooms).toBe(inProcess.snapshot.restrooms);
    expect(snapshot.restrooms).toBeGreaterThanOrEqual(606);
    expect(snapshot.comments).toBe(inProcess.snapshot.comments);
    expect(snapshot.identityLength).toBe(inProcess.snapshot.identityLength);
    const text = gunzipSync(snapshot.gzip).toString('utf8');
    expect(text).toBe(gunzipSync(inProcess.snapshot.gzip).toString('utf8'));
    expect(brotliDecompressSync(snapshot.br).toString('utf8')).toBe(text);
    expect(text.split('\n', 1)[0]).toBe(
      JSON.stringify({ format: 1, restroomFormat: 4, cursor: String(snapshot.version), restrooms: snapshot.restrooms, comments: snapshot.comments }),
    );
    expect(snapshot.gzip.equals(inProcess.snapshot.gzip)).toBe(true);
  });

  it('when its worker fails, reports the failure, keeps serving the old snapshot and tries again later', async () => {
    const { config, dataDir } = testApp();
    // Changed in place: each build's worker is given the settings as they are when it starts.
    const database: DatabaseConfig = { ...config.database };
    const { cache, outcomes, ended, passes } = snapshotCache(testApp(), { rebuildChanges: 1, database });
    const first = await cache.snapshot();
    // A file the worker cannot open: it throws before it has read anything, and its thread ends.
    Object.assign(database, { kind: 'sqlite', file: path.join(dataDir, 'no-such-folder', 'allstall.sqlite') });
    const seq = await moveFeed(testApp().app, 1);

    expect((await cache.snapshot()).version).toBe(first.version);
    await ended(2);
    const failed = outcomes[1];
    expect(failed !== undefined && 'failed' in failed).toBe(true);
    // The failure is not retried on every request: each try costs a build.
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(2);

    Object.assign(database, config.database);
    passes(RETRY_AFTER_FAILURE_MS);
    expect((await cache.snapshot()).version).toBe(first.version);
    expect(cache.builds).toBe(3);
    await ended(3);
    expect(outcomes[2]).toHaveProperty('ok');
    expect((await cache.snapshot()).version).toBe(seq);
  });

  it('is stopped when the app closes in the middle of it, and its request told so', async () => {
    let held = false;
    const { cache } = snapshotCache(testApp(), { rebuildChanges: 1, holdBuild: () => (held = true) });
    const building = cache.snapshot();
    building.catch(() => undefined);
    await expect.poll(() => held).toBe(true);
    cache.close();
    await expect(building).rejects.toThrow(/stopped/);
  });
});

describe('while a snapshot builds', () => {
  it('the app answers the old snapshot, the list, a device’s pull and a write at once, before the build ends', async () => {
    // The worker stops in the middle of its read, its transaction open, until the test lets it go:
    // everything below is answered while the build is unfinished, by construction rather than timing.
    const releases: Array<() => void> = [];
    const testApp = await createTestApp({ DEMO_DATA: '1', SNAPSHOT_REBUILD_CHANGES: '1' }, { holdSnapshotBuild: (release) => releases.push(release) });
    const { app } = testApp;
    try {
      const firstAsked = app.inject({ method: 'GET', url: '/api/sync/snapshot', headers: { 'accept-encoding': 'br' } });
      await expect.poll(() => releases.length).toBe(1);
      releases[0]?.();
      const first = await firstAsked;
      const firstCursor = cursorOf(decodedBody(first));

      const seq = await moveFeed(app, 1);
      // The feed moved by SNAPSHOT_REBUILD_CHANGES: this request starts a build and gets the old snapshot.
      expect(cursorOf(decodedBody(await app.inject({ method: 'GET', url: '/api/sync/snapshot' })))).toBe(firstCursor);
      await expect.poll(() => releases.length).toBe(2);
      const builds = app.syncSnapshots.builds;

      const admin = await signInAdmin(app);
      const [snapshot, list, page, added] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/sync/snapshot', headers: { 'accept-encoding': 'gzip' } }),
        app.inject({ method: 'GET', url: '/api/bathrooms' }),
        pull(app, firstCursor),
        write(app, '/api/bathrooms', { as: admin, payload: newRestroomBody() }),
      ]);
      expect(snapshot.statusCode).toBe(200);
      expect(cursorOf(decodedBody(snapshot))).toBe(firstCursor);
      expect(list.statusCode).toBe(200);
      expect(list.json<unknown[]>().length).toBeGreaterThanOrEqual(606);
      expect(page.cursor).not.toBe(firstCursor);
      expect(added.statusCode, added.body).toBeLessThan(300);
      // Still the same build, still held: none of the above waited for it.
      expect(app.syncSnapshots.builds).toBe(builds);
      expect(releases.length).toBe(2);

      releases[1]?.();
      // The new snapshot stands at the version its read began at; the write made during it comes in the feed after.
      await expect.poll(async () => cursorOf(decodedBody(await app.inject({ method: 'GET', url: '/api/sync/snapshot' })))).toBe(String(seq));
    } finally {
      for (const release of releases) release();
      await testApp.close();
    }
  });
});

function cursorOf(snapshotText: string): string {
  return (JSON.parse(snapshotText.slice(0, snapshotText.indexOf('\n'))) as { cursor: string }).cursor;
}
