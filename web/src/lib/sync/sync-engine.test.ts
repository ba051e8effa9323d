import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '@allstall/shared';
import { createDb, metaGet, type AllstallDb } from '../db/db';
import { NetworkError, HttpError, type SyncPageRequest } from '../api/api-client';
import type { Clock } from '../device/clock';
import { idleTimers } from '@/test/clock';
import { createSyncEngine, type PullOutcome } from './sync-engine';
import { storedRestrooms } from '@/test/services';
import { createMirrorWriter } from './mirror-writer';
import { MirrorStore } from './mirror-store';
import { makeComment, makePage, makeRestroom } from '@/test/fixtures';

/** A scripted server: answers each request with the next queued page (or error) and records what was asked. */
function fakeApi(script: Array<SyncPage | Error>) {
  const requests: SyncPageRequest[] = [];
  return {
    requests,
    async syncPage(request: SyncPageRequest): Promise<SyncPage> {
      requests.push(request);
      await Promise.resolve();
      const next = script.shift();
      if (!next) throw new Error('no more scripted pages');
      if (next instanceof Error) throw next;
      return next;
    },
    // A server without the snapshot route (404): the engine pulls the paged feed from the start.
    syncSnapshot: () => Promise.resolve(null),
  };
}

const clock: Clock = { ...idleTimers, now: () => 1_700_000_000_000 };

let db: AllstallDb;

/** The engine's one way into the mirror, over a store loaded from `db`. */
function writerFor(database: AllstallDb) {
  const store = new MirrorStore();
  void store.load(database);
  return createMirrorWriter({ db: database, store, channel: null });
}
let dbCount = 0;
beforeEach(async () => {
  db = createDb(`sync-test-${++dbCount}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('sync engine pull', () => {
  it('loads every page of a first pull and remembers the last cursor', async () => {
    const a = makeRestroom({ name: 'A' });
    const b = makeRestroom({ name: 'B' });
    const c = makeRestroom({ name: 'C' });
    const comment = makeComment({ restroom_id: a.id });
    const api = fakeApi([
      makePage({ cursor: '2', more: true, restrooms: [a, b] }),
      makePage({ cursor: '4', more: false, restrooms: [c], comments: [comment] }),
    ]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, pageSize: 2 });

    expect(await engine.pull()).toBe('synced');

    expect(api.requests.map((r) => r.since)).toEqual([undefined, '2']);
    expect(api.requests.every((r) => r.limit === 2)).toBe(true);
    expect([...(await storedRestrooms(db)).values()].map((r) => r.name).sort()).toEqual(['A', 'B', 'C']);
    expect(await db.comments.count()).toBe(1);
    expect(await metaGet(db, 'syncCursor')).toBe('4');
    expect(await metaGet(db, 'lastSyncedAt')).toBe(clock.now());
    expect(engine.getStatus()).toEqual({ state: 'idle', lastSyncedAt: clock.now(), error: null, progress: null, holdsAll: true });
  });

  it('applies a delta on top of the mirror and removes deleted ids', async () => {
    const keep = makeRestroom({ name: 'Keep' });
    const gone = makeRestroom({ name: 'Gone' });
    const oldComment = makeComment({ restroom_id: keep.id });
    const api = fakeApi([
      makePage({ cursor: '10', restrooms: [keep, gone], comments: [oldComment] }),
      makePage({
        cursor: '12',
        restrooms: [{ ...keep, name: 'Keep (renamed)', upvotes: 3 }],
        deleted: { restrooms: [gone.id], comments: [oldComment.id] },
      }),
    ]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock });
    await engine.pull();
    await engine.pull();

    expect(api.requests.map((r) => r.since)).toEqual([undefined, '10']);
    const rows = [...(await storedRestrooms(db)).values()];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: keep.id, name: 'Keep (renamed)', upvotes: 3 });
    expect(await db.comments.count()).toBe(0);
    expect(await metaGet(db, 'syncCursor')).toBe('12');
  });

  it('clears the mirror before applying a reset page', async () => {
    const stale = makeRestroom({ name: 'Stale' });
    const fresh = makeRestroom({ name: 'Fresh' });
    const api = fakeApi([
      makePage({ cursor: '5', restrooms: [stale], comments: [makeComment({ restroom_id: stale.id })] }),
      makePage({ cursor: '90', reset: true, restrooms: [fresh] }),
    ]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock });
    await engine.pull();
    await engine.pull();

    expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['Fresh']);
    expect(await db.comments.count()).toBe(0);
    expect(await metaGet(db, 'syncCursor')).toBe('90');
  });

  it('keeps the previous cursor and data when a later page fails', async () => {
    const first = makeRestroom({ name: 'First' });
    const api = fakeApi([
      makePage({ cursor: '3', more: true, restrooms: [first] }),
      new NetworkError(new TypeError('Failed to fetch')),
    ]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock });

    expect(await engine.pull()).toBe('failed');

    expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['First']);
    expect(await metaGet(db, 'syncCursor')).toBe('3');
    expect(await metaGet(db, 'lastSyncedAt')).toBeUndefined();
    expect(engine.getStatus().state).toBe('offline');
  });

  it('reports a server failure as an error rather than offline', async () => {
    const api = fakeApi([new HttpError(500, null)]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, env: { isOnline: () => true } });
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('error');
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it('runs one sequence of requests for two concurrent pulls', async () => {
    const api = fakeApi([
      makePage({ cursor: '1', more: true, restrooms: [makeRestroom()] }),
      makePage({ cursor: '2', restrooms: [makeRestroom()] }),
    ]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock });

    const [one, two] = await Promise.all([engine.pull(), engine.pull()]);

    expect([one, two]).toEqual(['synced', 'synced']);
    expect(api.requests.map((r) => r.since)).toEqual([undefined, '1']);
  });

  it("skips the pull when another tab holds the sync lock, then adopts that tab's result", async () => {
    const api = fakeApi([makePage()]);
    const asked: unknown[] = [];
    const locks = {
      request: async (_name: string, options: unknown, callback: (lock: unknown) => Promise<PullOutcome>) => {
        asked.push(options);
        if ('ifAvailable' in (options as object)) return callback(null);
        // The other tab finished its pull before releasing the lock.
        await db.meta.put({ key: 'lastSyncedAt', value: 123 });
        return callback({});
      },
    };
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, env: { locks } });

    expect(await engine.pull()).toBe('skipped');

    expect(api.requests).toHaveLength(0);
    expect(asked).toEqual([{ ifAvailable: true }, { mode: 'shared' }]);
    // Another tab's pull: whether this device holds every restroom is read on start(), not here.
    expect(engine.getStatus()).toEqual({ state: 'idle', lastSyncedAt: 123, error: null, progress: null, holdsAll: null });
  });

  it('notifies subscribers as the state moves through syncing to idle', async () => {
    const api = fakeApi([makePage()]);
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock });
    const seen: string[] = [];
    // The states it moves through; a first pull also says, while syncing, that the device does not hold every restroom yet.
    engine.subscribe(() => {
      if (seen.at(-1) !== engine.getStatus().state) seen.push(engine.getStatus().state);
    });
    await engine.pull();
    expect(seen).toEqual(['syncing', 'idle']);
    expect(engine.getStatus().holdsAll).toBe(true);
  });
});
