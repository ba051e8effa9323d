import { olderDatabase } from '@/test/older-db';
import { viewRows } from '@/test/view-rows';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { compactRestroom, type Restroom } from '@allstall/shared';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { makeComment, makeOutboxRow, makePage, makeRestroom, makeUser } from '@/test/fixtures';
import { putBucketRows, storedRestrooms } from '@/test/services';
import { BUCKET_COUNT, bucketOf } from './buckets';
import { openMirrorChannel } from './mirror-channel';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';

let dbCount = 0;
const opened: AllstallDb[] = [];
function freshDb(name = `mirror-test-${++dbCount}`): AllstallDb {
  const db = createDb(name);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A tab: its store loaded from `db`, its writer, its channel. */
async function tab(db: AllstallDb, { channel = false } = {}) {
  const store = new MirrorStore({ bulkNotifyMs: 50 });
  await store.load(db);
  const heard = channel ? openMirrorChannel(db.name, (buckets) => void store.reloadBuckets(db, buckets)) : null;
  const writer = createMirrorWriter({ db, store, channel: heard });
  return { store, writer, close: () => heard?.close() };
}

const names = (store: MirrorStore) =>
  viewRows(store.getView())
    .map((row) => row[1])
    .sort();

describe('buckets', () => {
  it('spreads UUIDv7 ids that share their leading characters over the buckets, the same way every time', () => {
    // One import's ids: the same millisecond prefix, counting up.
    const ids = Array.from({ length: 5000 }, (_, n) => `0190f3a2-7c11-7000-8000-${n.toString(16).padStart(12, '0')}`);
    const buckets = ids.map(bucketOf);
    expect(new Set(buckets).size).toBeGreaterThan(BUCKET_COUNT * 0.95);
    const fullest = Math.max(...[...new Set(buckets)].map((bucket) => buckets.filter((b) => b === bucket).length));
    expect(fullest).toBeLessThan((5000 / BUCKET_COUNT) * 3);
    expect(ids.map(bucketOf)).toEqual(buckets);
    expect(buckets.every((bucket) => Number.isInteger(bucket) && bucket >= 0 && bucket < BUCKET_COUNT)).toBe(true);
  });
});

describe('upgrade from the one-record-per-restroom mirror', () => {
  it('opens a version-2 database with its restrooms, cursor, comments and queued writes all kept, the old table gone', async () => {
    const name = `mirror-upgrade-${++dbCount}`;
    const user = makeUser();
    const restrooms = Array.from({ length: 300 }, (_, n) => makeRestroom({ name: `Restroom ${n}`, hours: n % 2 ? [{ day: 1, open: 900, close: 1700 }] : null }));
    const comment = makeComment({ restroom_id: restrooms[0]!.id });
    const queued = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 1, downvote: 0, comment: 'Clean' } }, { userId: user.id });
    // Today's schema, written as today's app writes it.
    const old = olderDatabase(name, 2);
    await old.table('restrooms').bulkPut(restrooms);
    await old.table('comments').put(comment);
    await old.table('meta').bulkPut([
      { key: 'syncCursor', value: '812' },
      { key: 'lastSyncedAt', value: 1_700_000_000_000 },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').put(queued);
    old.close();

    const db = freshDb(name);
    await db.open();

    expect(db.verno).toBe(7);
    expect(db.tables.map((table) => table.name)).not.toContain('restrooms');
    const stored = await storedRestrooms(db);
    expect(stored.size).toBe(300);
    for (const restroom of restrooms) expect(stored.get(restroom.id)).toEqual(restroom);
    for (const record of await db.restroomBuckets.toArray()) expect(record.rows.every((row) => bucketOf(row[0]) === record.bucket)).toBe(true);
    expect(await metaGet(db, 'syncCursor')).toBe('812');
    expect(await metaGet(db, 'lastSyncedAt')).toBe(1_700_000_000_000);
    expect(await db.comments.get(comment.id)).toEqual(comment);
    expect(await db.outbox.toArray()).toEqual([queued]);
    const { store } = await tab(db);
    expect(store.get(restrooms[7]!.id)).toEqual(restrooms[7]);
  });
});

describe('MirrorStore', () => {
  it('reads every bucket once on start and shows only public rows', async () => {
    const db = freshDb();
    const shown = makeRestroom({ name: 'Shown' });
    const pending = makeRestroom({ name: 'Pending', status: 'pending' });
    const removed = makeRestroom({ name: 'Removed', is_removed: true });
    await createMirrorWriter({ db, channel: null }).applyFeedPage(makePage({ cursor: '3', restrooms: [shown, pending, removed] }), {
      clear: false,
      finishedAt: null,
    });
    const read = vi.spyOn(db.restroomBuckets, 'toArray');

    const store = new MirrorStore();
    expect(store.getView()).toBeUndefined();
    await Promise.all([store.load(db), store.load(db)]);

    expect(read).toHaveBeenCalledTimes(1);
    expect(names(store)).toEqual(['Shown']);
    // Hidden rows stay known by id (the profile shows a person's pending restroom), just not listed.
    expect(store.get(pending.id)).toEqual(pending);
  });

  it('applies puts and deletes row by row, with a new view per change and the old view left as it was', async () => {
    const store = new MirrorStore().loadRows([]);
    const a = makeRestroom({ name: 'A' });
    const b = makeRestroom({ name: 'B' });
    store.put([compactRestroom(a), compactRestroom(b)]);
    const before = store.getView()!;
    store.put([compactRestroom({ ...a, name: 'A renamed' })]);
    store.delete([b.id]);
    expect(names(store)).toEqual(['A renamed']);
    expect(viewRows(before).map((row) => row[1]).sort()).toEqual(['A', 'B']);
    expect(store.getView()!.version).toBeGreaterThan(before.version);
  });

  it('tells subscribers of every change at once, but during a bulk load only every so often and once more at its end', async () => {
    const store = new MirrorStore({ bulkNotifyMs: 60_000 }).loadRows([]);
    const heard = vi.fn();
    store.subscribe(heard);
    store.put([compactRestroom(makeRestroom())]);
    expect(heard).toHaveBeenCalledTimes(1);

    store.beginBulk();
    for (let n = 0; n < 50; n++) store.put([compactRestroom(makeRestroom())]);
    // 50 changes inside one wait: one notification is due later, none yet beyond the first.
    expect(heard.mock.calls.length).toBeLessThanOrEqual(2);
    store.endBulk();
    expect(heard.mock.calls.length).toBeLessThanOrEqual(3);
    expect(store.getView()!.rows).toHaveLength(51);
    const calls = heard.mock.calls.length;
    store.put([compactRestroom(makeRestroom())]);
    expect(heard).toHaveBeenCalledTimes(calls + 1);
  });

  it('tells subscribers of a bulk load’s first change on the next task, not after the wait since the change before it', async () => {
    const store = new MirrorStore({ bulkNotifyMs: 60_000 }).loadRows([]);
    const heard = vi.fn();
    store.subscribe(heard);
    // A first sync clears the mirror (heard at once), then loads: its first line must not wait a minute behind that.
    store.clear();
    expect(heard).toHaveBeenCalledTimes(1);
    store.beginBulk();
    store.put([compactRestroom(makeRestroom())]);
    store.put([compactRestroom(makeRestroom())]);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(store.getView()!.rows).toHaveLength(2);

    // Later lines keep the pace: nothing more until the wait is over or the load ends.
    store.put([compactRestroom(makeRestroom())]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toHaveBeenCalledTimes(2);
    store.endBulk();
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('during a bulk load, leaves the page as long again after a redraw as the redraw took, but no more than 3 s', () => {
    // A clock the test moves: timers fire, in order, only when it says time has passed.
    let now = 0;
    let timers: Array<{ at: number; run: () => void }> = [];
    const clock = {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => {
        const timer = { at: now + ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => {
        timers = timers.filter((pending) => pending !== timer);
      },
    };
    const passes = (ms: number) => {
      const until = now + ms;
      for (let due = timers.find((timer) => timer.at <= until); due; due = timers.find((timer) => timer.at <= until)) {
        timers = timers.filter((timer) => timer !== due);
        now = Math.max(now, due.at);
        due.run();
      }
      now = Math.max(now, until);
    };
    const store = new MirrorStore({ bulkNotifyMs: 100, clock }).loadRows([]);
    let redrawMs = 400;
    // A redraw that keeps the page busy: the clock moves on while it runs.
    const heard = vi.fn(() => (now += redrawMs));
    store.subscribe(heard);

    store.beginBulk();
    store.put([compactRestroom(makeRestroom())]);
    passes(0);
    expect(heard).toHaveBeenCalledTimes(1);
    // The redraw is over.
    passes(0);

    // It took 400 ms: the next comes 400 ms after it ended, not the 100 ms asked for.
    redrawMs = 5000;
    store.put([compactRestroom(makeRestroom())]);
    passes(399);
    expect(heard).toHaveBeenCalledTimes(1);
    passes(1);
    expect(heard).toHaveBeenCalledTimes(2);
    passes(0);

    // That one took 5 s: as long again would leave the count still for too long; the wait stops at 3 s.
    store.put([compactRestroom(makeRestroom())]);
    passes(2999);
    expect(heard).toHaveBeenCalledTimes(2);
    passes(1);
    expect(heard).toHaveBeenCalledTimes(3);
    store.endBulk();
  });
});

describe('mirror writer and the sync cursor', () => {
  async function mirrorAt(cursor: string, restroom: Restroom) {
    const db = freshDb();
    const t = await tab(db);
    await t.writer.applyFeedPage(makePage({ cursor, restrooms: [restroom] }), { clear: false, finishedAt: null });
    return { db, ...t };
  }

  it('keeps a row a pull brought over a late detail answer that left the server before that change', async () => {
    const original = makeRestroom({ name: 'Cafe', upvotes: 1 });
    // The pull reached position 10, which carried a newer copy (5 up).
    const { db, store, writer } = await mirrorAt('10', { ...original, upvotes: 5 });
    // The detail answer was read at position 8, before that change.
    const late = { restroom: { ...original, upvotes: 1 }, feedVersion: '8', comments: [makeComment({ restroom_id: original.id })], allComments: true };

    expect(await writer.applyRestroomAnswer(late)).toBe(false);

    expect(store.get(original.id)?.upvotes).toBe(5);
    expect((await storedRestrooms(db)).get(original.id)?.upvotes).toBe(5);
    expect(await db.comments.count()).toBe(0);
  });

  it('applies an answer at least as new as the cursor, comments included, to IndexedDB and memory', async () => {
    const original = makeRestroom({ name: 'Cafe', upvotes: 1 });
    const { db, store, writer } = await mirrorAt('10', original);
    const stale = makeComment({ restroom_id: original.id, content: 'Deleted on the server' });
    await db.comments.put(stale);
    const fresh = makeComment({ restroom_id: original.id, content: 'New' });

    expect(await writer.applyRestroomAnswer({ restroom: { ...original, upvotes: 7 }, feedVersion: '10', comments: [fresh], allComments: true })).toBe(true);

    expect(store.get(original.id)?.upvotes).toBe(7);
    expect((await storedRestrooms(db)).get(original.id)?.upvotes).toBe(7);
    expect((await db.comments.toArray()).map((c) => c.content)).toEqual(['New']);
    // The cursor is the feed's alone: an answer never moves it.
    expect(await metaGet(db, 'syncCursor')).toBe('10');
  });

  it('without a Feed-Version, fills a gap but never replaces a stored row', async () => {
    const stored = makeRestroom({ name: 'Stored', upvotes: 5 });
    const { store, writer } = await mirrorAt('10', stored);
    expect(await writer.applyRestroomAnswer({ restroom: { ...stored, upvotes: 1 }, feedVersion: null })).toBe(false);
    expect(store.get(stored.id)?.upvotes).toBe(5);
    const unknown = makeRestroom({ name: 'Not yet pulled' });
    expect(await writer.applyRestroomAnswer({ restroom: unknown, feedVersion: null })).toBe(true);
    expect(store.get(unknown.id)?.name).toBe('Not yet pulled');
  });

  it('compares cursors as numbers, not as text', async () => {
    const row = makeRestroom({ upvotes: 5 });
    const { store, writer } = await mirrorAt('100', row);
    expect(await writer.applyRestroomAnswer({ restroom: { ...row, upvotes: 1 }, feedVersion: '99' })).toBe(false);
    expect(await writer.applyRestroomAnswer({ restroom: { ...row, upvotes: 2 }, feedVersion: '1000' })).toBe(true);
    expect(store.get(row.id)?.upvotes).toBe(2);
  });

  it("stores each restroom's time zone, and reads a row stored without one as one without", async () => {
    const db = freshDb();
    // A row stored before zones were sent, as the version-4 upgrade left it (lib/db/db-upgrades.test.ts): zone null.
    const before = makeRestroom({ name: 'Stored before', time_zone: null });
    await putBucketRows(db, [compactRestroom(before)]);
    const { store, writer } = await tab(db);
    expect(store.get(before.id)?.time_zone).toBeNull();

    const denver = makeRestroom({ name: 'Denver', time_zone: 'America/Denver' });
    await writer.applyFeedPage(makePage({ cursor: '5', restrooms: [denver, { ...before, time_zone: 'America/Chicago' }] }), { clear: false, finishedAt: null });
    expect(store.get(denver.id)?.time_zone).toBe('America/Denver');
    const stored = await storedRestrooms(db);
    expect(stored.get(denver.id)?.time_zone).toBe('America/Denver');
    // The feed brings the stored row again with its zone (the migration that added zones re-versioned it).
    expect(stored.get(before.id)?.time_zone).toBe('America/Chicago');
    // And a reload reads them back.
    const reopened = await tab(db);
    expect(reopened.store.get(denver.id)?.time_zone).toBe('America/Denver');
  });

  it('a feed page always applies, deletions before puts, cursor and rows in one write', async () => {
    const db = freshDb();
    const { store, writer } = await tab(db);
    const back = makeRestroom({ name: 'Back' });
    const gone = makeRestroom({ name: 'Gone' });
    await writer.applyFeedPage(makePage({ cursor: '5', restrooms: [back, gone] }), { clear: false, finishedAt: null });
    await writer.applyFeedPage(makePage({ cursor: '9', restrooms: [back], deleted: { restrooms: [back.id, gone.id], comments: [] } }), {
      clear: false,
      finishedAt: 123,
    });
    expect(names(store)).toEqual(['Back']);
    expect([...(await storedRestrooms(db)).keys()]).toEqual([back.id]);
    expect(await metaGet(db, 'syncCursor')).toBe('9');
    expect(await metaGet(db, 'lastSyncedAt')).toBe(123);
  });
});

describe('other tabs and the service worker', () => {
  it("a tab's store follows what another tab writes, and what a store-less writer (the service worker) writes", async () => {
    const name = `mirror-tabs-${++dbCount}`;
    const dbOne = freshDb(name);
    const dbTwo = createDb(name);
    const one = await tab(dbOne, { channel: true });
    const two = await tab(dbTwo, { channel: true });
    const first = makeRestroom({ name: 'From tab one' });

    await one.writer.applyFeedPage(makePage({ cursor: '4', restrooms: [first] }), { clear: false, finishedAt: null });
    await waitFor(() => expect(two.store.get(first.id)?.name).toBe('From tab one'), { timeout: 30_000 });

    // The service worker applies a feedback answer on IndexedDB only and says which bucket it rewrote.
    const worker = createMirrorWriter({ db: createDb(name), store: null });
    await metaSet(dbOne, 'user', makeUser());
    expect(await worker.applyRestroomAnswer({ restroom: { ...first, upvotes: 12 }, feedVersion: '4' })).toBe(true);
    await waitFor(() => expect(one.store.get(first.id)?.upvotes).toBe(12), { timeout: 30_000 });
    await waitFor(() => expect(two.store.get(first.id)?.upvotes).toBe(12), { timeout: 30_000 });

    one.close();
    two.close();
    dbTwo.close();
  });
});
