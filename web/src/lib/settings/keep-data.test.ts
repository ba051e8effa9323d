import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '@allstall/shared';
import { createDb, type AllstallDb } from '../db/db';
import { makePage, makeRestroom } from '@/test/fixtures';
import { storedRestrooms } from '@/test/services';
import { snapshotLines, snapshotStream } from '@/test/snapshot-body';
import { idleTimers } from '@/test/clock';
import type { SnapshotStream } from '../sync/snapshot-lines';
import { MirrorStore } from '../sync/mirror-store';
import { createMirrorWriter } from '../sync/mirror-writer';
import { createSyncEngine } from '../sync/sync-engine';
import { askToKeepData } from './keep-data';

/*
 * The page asks the browser to keep its storage once the restrooms are saved, once per device
 * (docs/offline-data.md#kept-on-the-device). The engine is wired as main.tsx wires it; the browser's
 * StorageManager, which jsdom lacks, is a small fake that notes each request.
 */

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'storage');
});

/**
 * A StorageManager that answers `answer`: `asked` counts its requests as they are made, and
 * `heldWhenAsked` how many restrooms IndexedDB held at each.
 */
function fakeStorage(db: AllstallDb, answer: () => Promise<boolean> = async () => false) {
  const requests = { asked: 0, heldWhenAsked: [] as number[] };
  const held = () => storedRestrooms(db).then((stored) => stored.size);
  const storage = {
    persist() {
      requests.asked++;
      return held().then((size) => {
        requests.heldWhenAsked.push(size);
        return answer();
      });
    },
  };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return requests;
}

/** One start of the app on this device: its own memory and engine over the one IndexedDB. */
function appStart(db: AllstallDb, server: { syncSnapshot(): Promise<SnapshotStream | null>; syncPage(): Promise<SyncPage> }, duringSnapshot?: () => void) {
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  const writer = createMirrorWriter({ db, store, channel: null });
  let now = 1_700_000_000_000;
  return createSyncEngine({
    db,
    api: server,
    writer,
    clock: { ...idleTimers, now: () => (now += 1000) },
    flushEveryMs: 1500,
    yieldToMain: async () => duringSnapshot?.(),
    onSaved: () => askToKeepData(),
  });
}

function newDevice(): AllstallDb {
  const db = createDb(`keep-data-${++dbCount}`);
  opened.push(db);
  return db;
}

const restrooms = Array.from({ length: 30 }, (_, n) => makeRestroom({ name: `R${n}` }));

/** A server with one snapshot of the 30 restrooms, then feed pages with nothing new. */
function server() {
  let snapshots = 0;
  return {
    async syncSnapshot() {
      snapshots++;
      return snapshots === 1 ? snapshotStream(snapshotLines('100', restrooms, [], { lineRows: 3 })) : null;
    },
    async syncPage() {
      return makePage({ cursor: '100' });
    },
  };
}

describe('asking the browser to keep the restrooms', () => {
  it('asks exactly once, after the first sync has saved every restroom, and not while they arrive', async () => {
    const db = newDevice();
    const requests = fakeStorage(db);
    const askedDuringSnapshot: number[] = [];
    const engine = appStart(db, server(), () => askedDuringSnapshot.push(requests.asked));

    expect(await engine.pull()).toBe('synced');
    expect(requests.asked).toBe(1);
    // Ten snapshot lines and the word that their piece is whole went by with no request made; the
    // one request came with all 30 saved.
    expect(askedDuringSnapshot).toEqual(Array.from({ length: 11 }, () => 0));
    await expect.poll(() => requests.heldWhenAsked).toEqual([30]);

    // Later pulls in the same visit do not ask again.
    expect(await engine.pull()).toBe('synced');
    expect(await engine.pull()).toBe('synced');
    expect(requests.asked).toBe(1);
  });

  it('does not ask again after a reload, whatever the browser answered', async () => {
    const db = newDevice();
    const api = server();
    const requests = fakeStorage(db, async () => false);
    expect(await appStart(db, api).pull()).toBe('synced');
    expect(requests.asked).toBe(1);

    // The page is loaded again: a second engine starts, pulls what changed, and asks nothing.
    const again = appStart(db, api);
    const stop = again.start();
    expect(await again.pull()).toBe('synced');
    stop();
    expect(again.getStatus()).toMatchObject({ state: 'idle', error: null });
    expect(requests.asked).toBe(1);
  });

  it('asks nothing when the first sync is cut short, and asks once the next one completes', async () => {
    const db = newDevice();
    const requests = fakeStorage(db);
    const streams = [snapshotStream(snapshotLines('7', restrooms, [], { lineRows: 3 }), 4), snapshotStream(snapshotLines('8', restrooms, [], { lineRows: 3 }))];
    const flaky = { syncSnapshot: async () => streams.shift() ?? null, syncPage: async () => makePage({ cursor: '8' }) };
    const engine = appStart(db, flaky);

    expect(await engine.pull()).toBe('failed');
    expect(requests.asked).toBe(0);
    expect(await engine.pull()).toBe('synced');
    expect(requests.asked).toBe(1);
    await expect.poll(() => requests.heldWhenAsked).toEqual([30]);
  });

  it('a browser that fails the request leaves the sync as it was, and is not asked again', async () => {
    const db = newDevice();
    const requests = fakeStorage(db, () => Promise.reject(new Error('denied')));
    const engine = appStart(db, server());
    expect(await engine.pull()).toBe('synced');
    expect(await engine.pull()).toBe('synced');
    expect(engine.getStatus()).toMatchObject({ state: 'idle', error: null });
    expect(requests.asked).toBe(1);
  });

  it('a browser without the StorageManager is asked nothing, and syncs as before', async () => {
    const db = newDevice();
    expect('storage' in navigator).toBe(false);
    const engine = appStart(db, server());
    expect(await engine.pull()).toBe('synced');
    expect(engine.getStatus()).toMatchObject({ state: 'idle', error: null });
    expect((await storedRestrooms(db)).size).toBe(30);
    // Nothing marked as asked: should the browser gain the API, it is still asked once.
    expect(localStorage.getItem('allstall:keepDataAsked')).toBeNull();
  });
});
