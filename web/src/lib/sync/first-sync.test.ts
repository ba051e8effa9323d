import { viewRows } from '@/test/view-rows';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '@allstall/shared';
import type { SyncPageRequest } from '../api/api-client';
import { createDb, metaGet, type AllstallDb } from '../db/db';
import { makeComment, makePage, makeRestroom } from '@/test/fixtures';
import { storedRestrooms } from '@/test/services';
import { snapshotLines, snapshotStream } from '@/test/snapshot-body';
import type { SnapshotStream } from './snapshot-lines';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import type { Clock } from '../device/clock';
import { idleTimers } from '@/test/clock';
import { createSyncEngine, mergePages, type SyncProgress } from './sync-engine';

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A clock that moves a second per reading, so a flush interval of 1.5 s flushes every other line. */
function tickingClock(): Clock {
  let now = 1_700_000_000_000;
  return { ...idleTimers, now: () => (now += 1000) };
}

function device(name = `first-sync-${++dbCount}`) {
  const db = createDb(name);
  opened.push(db);
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  const writer = createMirrorWriter({ db, store, channel: null });
  return { db, store, writer };
}

function server(snapshots: Array<SnapshotStream | null | Error>, pages: SyncPage[]) {
  const asked: Array<string | undefined> = [];
  return {
    asked,
    snapshots: 0,
    async syncSnapshot() {
      this.snapshots++;
      const next = snapshots.shift();
      if (next instanceof Error) throw next;
      return next ?? null;
    },
    async syncPage(request: SyncPageRequest) {
      asked.push(request.since);
      const page = pages.shift();
      if (!page) throw new Error('no more pages');
      return page;
    },
  };
}

const manyRestrooms = (count: number) => Array.from({ length: count }, (_, n) => makeRestroom({ name: `R${n}` }));

describe('first sync from the snapshot', () => {
  it('stores every snapshot row and comment, then pulls the feed from the snapshot cursor, progress only climbing', async () => {
    const { db, store, writer } = device();
    const restrooms = manyRestrooms(25);
    const comments = [makeComment({ restroom_id: restrooms[0]!.id })];
    const changedLater = { ...restrooms[3]!, name: 'Renamed after the snapshot' };
    const api = server(
      [snapshotStream(snapshotLines('500', restrooms, comments, { lineRows: 4 }))],
      [makePage({ cursor: '503', restrooms: [changedLater], deleted: { restrooms: [restrooms[4]!.id], comments: [] } })],
    );
    const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), flushEveryMs: 1500 });
    const seen: SyncProgress[] = [];
    engine.subscribe(() => {
      const { progress } = engine.getStatus();
      if (progress && (seen.length === 0 || seen.at(-1) !== progress)) seen.push(progress);
    });

    expect(await engine.pull()).toBe('synced');

    expect(api.asked).toEqual(['500']);
    const stored = await storedRestrooms(db);
    expect(stored.size).toBe(24);
    expect(stored.get(changedLater.id)?.name).toBe('Renamed after the snapshot');
    expect(stored.has(restrooms[4]!.id)).toBe(false);
    expect(store.getView()!.rows).toHaveLength(24);
    expect(await db.comments.count()).toBe(1);
    expect(await metaGet(db, 'syncCursor')).toBe('503');
    // Saved climbs in flushes, never falls, and reaches every restroom of the snapshot.
    const saved = seen.map((p) => p.saved);
    expect(saved).toEqual([...saved].sort((a, b) => a - b));
    expect(seen.length).toBeGreaterThan(2);
    // Its one piece (the whole world's cell, as the tests serve a snapshot) held in memory.
    expect(seen.at(-1)).toEqual({ saved: 25, total: 25, pieces: { all: [''], held: [''] } });
    expect(engine.getStatus().progress).toBeNull();
    expect(engine.getStatus().state).toBe('idle');
  });

  it('a snapshot cut short leaves no cursor; the next pull clears what it saved and starts the snapshot again', async () => {
    const { db, store, writer } = device();
    const first = manyRestrooms(12);
    const second = manyRestrooms(5);
    const api = server(
      [
        // The connection drops after 3 lines of 4 rows: some of them flushed, none of them whole.
        snapshotStream(snapshotLines('40', first, [], { lineRows: 4 }), 2),
        snapshotStream(snapshotLines('41', second, [], { lineRows: 2 })),
      ],
      [makePage({ cursor: '41' })],
    );
    const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), flushEveryMs: 0 });

    expect(await engine.pull()).toBe('failed');
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
    expect((await storedRestrooms(db)).size).toBe(8);
    expect(engine.getStatus().progress).toBeNull();

    expect(await engine.pull()).toBe('synced');
    expect(api.snapshots).toBe(2);
    expect([...(await storedRestrooms(db)).keys()].sort()).toEqual(second.map((r) => r.id).sort());
    expect(viewRows(store.getView()).map((row) => row[0]).sort()).toEqual(second.map((r) => r.id).sort());
    expect(await metaGet(db, 'syncCursor')).toBe('41');
  });

  it('a snapshot without its end line is not taken as the whole set', async () => {
    const { db, writer } = device();
    const api = server([snapshotStream(snapshotLines('40', manyRestrooms(3), [], { end: false }))], []);
    const engine = createSyncEngine({ db, api, writer, clock: tickingClock() });
    expect(await engine.pull()).toBe('failed');
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it('starts over from a snapshot when the feed answers reset', async () => {
    const { db, writer } = device();
    const old = makeRestroom({ name: 'Old' });
    const fresh = makeRestroom({ name: 'Fresh' });
    const api = server(
      [null, snapshotStream(snapshotLines('900', [fresh]))],
      [makePage({ cursor: '5', restrooms: [old] }), makePage({ cursor: '900', reset: true }), makePage({ cursor: '901' })],
    );
    const engine = createSyncEngine({ db, api, writer, clock: tickingClock() });
    await engine.pull();
    await engine.pull();
    expect(api.asked).toEqual([undefined, '5', '900']);
    expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['Fresh']);
    expect(await metaGet(db, 'syncCursor')).toBe('901');
  });

  it('an offline cold start shows what the last sync saved, read from the buckets', async () => {
    const name = `first-sync-${++dbCount}`;
    const { db, writer } = device(name);
    const restrooms = manyRestrooms(30);
    const api = server([snapshotStream(snapshotLines('7', restrooms))], [makePage({ cursor: '7' })]);
    await createSyncEngine({ db, api, writer, clock: tickingClock() }).pull();

    const later = createDb(name);
    const store = new MirrorStore();
    await store.load(later);
    expect(store.getView()!.rows).toHaveLength(30);
    later.close();
  });
});

describe('a pull of many feed pages', () => {
  it('writes the first page at once, then pages together, each write with the cursor of its last page', async () => {
    const { db, store, writer } = device();
    const rows = manyRestrooms(6);
    const pages = rows.map((row, n) => makePage({ cursor: String(n + 1), more: n < 5, restrooms: [row] }));
    // A clock that stands still: after the first page, nothing is written until the last.
    const clock: Clock = { ...idleTimers, now: () => 5 };
    // The server answers four pages, then the fifth request fails.
    const failing = server([null], pages.slice(0, 4));

    expect(await createSyncEngine({ db, api: failing, writer, clock }).pull()).toBe('failed');
    // Pages 2 to 4 were held for one write that never came: what is stored still matches the cursor.
    expect(await metaGet(db, 'syncCursor')).toBe('1');
    expect([...(await storedRestrooms(db)).keys()]).toEqual([rows[0]!.id]);

    const api = server([null], pages.slice(1));
    const writes: string[] = [];
    const apply = writer.applyFeedPage.bind(writer);
    const counting = { ...writer, applyFeedPage: (page: SyncPage, o: { clear: boolean; finishedAt: number | null }) => (writes.push(page.cursor), apply(page, o)) };
    expect(await createSyncEngine({ db, api, writer: counting, clock }).pull()).toBe('synced');
    expect(writes).toEqual(['2', '6']);
    expect((await storedRestrooms(db)).size).toBe(6);
    expect(store.getView()!.rows).toHaveLength(6);
    expect(await metaGet(db, 'syncCursor')).toBe('6');
  });

  it('merges pages so that the later word on a row wins', () => {
    const a = makeRestroom({ name: 'A' });
    const b = makeRestroom({ name: 'B' });
    const merged = mergePages(
      makePage({ cursor: '1', restrooms: [a, b], deleted: { restrooms: [], comments: [] } }),
      makePage({ cursor: '2', restrooms: [{ ...a, name: 'A2' }], deleted: { restrooms: [b.id], comments: [] } }),
    );
    expect(merged.cursor).toBe('2');
    expect(merged.restrooms.map((r) => r.name)).toEqual(['A2']);
    expect(merged.deleted.restrooms).toEqual([b.id]);
    const back = mergePages(merged, makePage({ cursor: '3', restrooms: [b] }));
    expect(back.restrooms.map((r) => r.name).sort()).toEqual(['A2', 'B']);
    expect(back.deleted.restrooms).toEqual([]);
  });
});
