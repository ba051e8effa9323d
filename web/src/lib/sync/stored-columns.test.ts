import { afterEach, describe, expect, it } from 'vitest';
import { COMPACT_AT, compactRestroom, type Restroom } from '@allstall/shared';
import { olderDatabase } from '@/test/older-db';
import { viewRows } from '@/test/view-rows';
import type { WriteRequest } from '../api/api-client';
import { createDb, metaGet, type AllstallDb } from '../db/db';
import { createOutbox } from '../outbox/outbox';
import type { OutboxRow } from '../outbox/outbox-types';
import { idleTimers } from '@/test/clock';
import { makeOutboxRow, makeRestroom, makeUser } from '@/test/fixtures';
import { groupIntoBuckets } from './buckets';
import { keepStoredColumns } from './column-keeper';
import { MirrorStore, type MirrorView } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import { rebuildStoredColumns } from './rebuild-columns';

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});


const DOWNTOWN = { lat: 44.9778, lng: -93.265 };

/** Restrooms spread around downtown Minneapolis, one every ~100 m outward, so the nearest are known by number. */
function spreadRestrooms(count: number): Restroom[] {
  return Array.from({ length: count }, (_, n) =>
    makeRestroom({ name: `Restroom ${n}`, latitude: DOWNTOWN.lat + (n % 2 === 0 ? 1 : -1) * n * 0.0009, longitude: DOWNTOWN.lng }),
  );
}

/** Every visible restroom's name, as a view holds them. */
const namesOf = (view: MirrorView) => viewRows(view).map((row) => row[COMPACT_AT.name]).sort();

describe('keeping the stored columns current', () => {
  it('rebuilds once the mirror has been quiet, never during a first sync, and not again until it changes', async () => {
    const timers: { at: number; run: () => void }[] = [];
    let now = 0;
    const clock = {
      setTimeout: (run: () => void, ms: number) => {
        const timer = { at: now + ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => void ((timer as { at: number }).at = Infinity),
    };
    const advance = async (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timer.at = Infinity;
        timer.run();
      }
      await Promise.resolve();
      await Promise.resolve();
    };
    const store = new MirrorStore({ clock: { ...clock, now: () => now } }).loadRows([]);
    await store.ready();
    let rebuilds = 0;
    keepStoredColumns({ store, clock, quietMs: 2000, rebuild: async () => void rebuilds++ });

    // Read without columns: rebuilt after the quiet time, once.
    await advance(1999);
    expect(rebuilds).toBe(0);
    await advance(1);
    expect(rebuilds).toBe(1);
    await advance(10_000);
    expect(rebuilds).toBe(1);

    // A first sync: nothing while it runs (its last rows already heard when it ends), one rebuild
    // after it ends and the quiet time passes.
    store.beginBulk();
    store.put([compactRestroom(makeRestroom())]);
    await advance(10_000);
    expect(rebuilds).toBe(1);
    store.endBulk();
    await advance(1999);
    expect(rebuilds).toBe(1);
    await advance(1);
    expect(rebuilds).toBe(2);

    // A change after that: rebuilt once more, after the quiet time counted from the change.
    await advance(1000);
    store.put([compactRestroom(makeRestroom())]);
    await advance(1999);
    expect(rebuilds).toBe(2);
    await advance(1);
    expect(rebuilds).toBe(3);
  });
});

describe('upgrade to the stored column index (database version 5)', () => {
  it("keeps today's buckets, cursor and every queued write, which each go once while the index is built", async () => {
    const name = `stored-columns-upgrade-${++dbCount}`;
    const user = makeUser();
    const restrooms = spreadRestrooms(400);
    const queued: OutboxRow[] = [
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[0]!.id, upvote: 1, downvote: 0, comment: 'Clean' } }, { userId: user.id, createdAt: 1 }),
      makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 0, downvote: 1, comment: '' } }, { userId: user.id, createdAt: 2 }),
      makeOutboxRow({ kind: 'contact', body: { details: 'Hello there, a question.' } }, { userId: user.id, createdAt: 3 }),
    ];
    const old = olderDatabase(name, 4);
    await old.table('restroomBuckets').bulkPut([...groupIntoBuckets(restrooms.map(compactRestroom))].map(([bucket, rows]) => ({ bucket, rows })));
    await old.table('meta').bulkPut([
      { key: 'syncCursor', value: '812' },
      { key: 'user', value: user },
    ]);
    await old.table('outbox').bulkPut(queued);
    old.close();

    const db = createDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(7);
    expect(await metaGet(db, 'syncCursor')).toBe('812');
    expect(await db.outbox.count()).toBe(queued.length);

    // The first start after the upgrade reads the buckets, as before.
    const first = new MirrorStore();
    await first.load(db);
    expect(first.getView()!.columns).toBeNull();
    const expected = namesOf(first.getView()!);
    expect(expected).toEqual(restrooms.map((restroom) => restroom.name).sort());

    // The outbox sends while the index is built beside it: each write once, none lost.
    const requests: WriteRequest[] = [];
    const api = {
      sendWrite: async (request: WriteRequest) => {
        requests.push(request);
        return null;
      },
    };
    const mirror = createMirrorWriter({ db, store: first, channel: null });
    const outbox = createOutbox({ db, api, mirror, clock: { ...idleTimers, now: () => 1_800_000_000_000 } });
    await Promise.all([outbox.flush(), rebuildStoredColumns(db), outbox.flush()]);
    await outbox.flush();
    expect(requests.map((request) => request.idempotencyKey).sort()).toEqual(queued.map((row) => row.id).sort());
    expect(await db.outbox.count()).toBe(0);

    // The next start draws from the index.
    const next = new MirrorStore();
    await next.load(db);
    expect(next.getView()!.columns).not.toBeNull();
    expect(namesOf(next.getView()!)).toEqual(expected);
  });
});
