import { afterEach, describe, expect, it } from 'vitest';
import { COMPACT_AT, type Restroom } from '@allstall/shared';
import { nearestList } from './nearest-list';
import { createDb, metaSet, type AllstallDb } from '@/lib/db/db';
import { FALLBACK_CLIENT_CONFIG } from '@/lib/settings/client-config';
import { makePage, makeRestroom } from '@/test/fixtures';
import { MirrorStore, type MirrorView } from '@/lib/sync/mirror-store';
import { createMirrorWriter } from '@/lib/sync/mirror-writer';
import { NEARBY_ROWS, rebuildStoredColumns, storeColumns } from '@/lib/sync/rebuild-columns';
import { mirrorGeneration, readStoredColumns } from '@/lib/sync/stored-columns';

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function freshDb(): AllstallDb {
  const db = createDb(`stored-columns-${++dbCount}`);
  opened.push(db);
  return db;
}

const DOWNTOWN = { lat: 44.9778, lng: -93.265 };

/** Restrooms spread around downtown Minneapolis, one every ~100 m outward, so the nearest are known by number. */
function spreadRestrooms(count: number): Restroom[] {
  return Array.from({ length: count }, (_, n) =>
    makeRestroom({ name: `Restroom ${n}`, latitude: DOWNTOWN.lat + (n % 2 === 0 ? 1 : -1) * n * 0.0009, longitude: DOWNTOWN.lng }),
  );
}

const namesOf = (view: MirrorView, count: number) => nearestList(view, DOWNTOWN).first(count).map((restroom) => restroom.name);

/** A device that has saved `restrooms` and whose column index was built from them. */
async function deviceWithColumns(restrooms: readonly Restroom[]) {
  const db = freshDb();
  const store = new MirrorStore();
  await store.load(db);
  const writer = createMirrorWriter({ db, store, channel: null });
  await writer.applyFeedPage(makePage({ cursor: '10', restrooms: [...restrooms] }), { clear: true, finishedAt: 1 });
  expect(await rebuildStoredColumns(db)).toBe(true);
  return { db, writer };
}

describe('a cold start behind the stored column index', () => {
  it('draws the nearest restrooms from the columns before every row is read, reading the rows they need first', async () => {
    const restrooms = spreadRestrooms(3000);
    const { db } = await deviceWithColumns(restrooms);
    const expected = restrooms.slice(0, 8).map((restroom) => restroom.name);

    const store = new MirrorStore();
    const early: { complete: boolean; length: number; names: string[]; getView: MirrorView | undefined; near: boolean; nearSeattle: boolean }[] = [];
    store.subscribe(() => {
      const view = store.getFirstScreenView();
      if (!view || view.complete) return;
      const list = nearestList(view, DOWNTOWN);
      // Whether any restroom is near the person is answered from the positions, before any row is read.
      const near = list.hasRowWithin(0.1);
      const nearSeattle = nearestList(view, { lat: 47.6062, lng: -122.3321 }).hasRowWithin(15);
      early.push({ complete: view.complete, length: list.length, names: namesOf(view, 8), getView: store.getView(), near, nearSeattle });
    });
    await store.load(db);

    // The first notice comes from the columns alone: the count is whole, no row is read, and the
    // other screens (which need whole restrooms) still wait.
    expect(early[0]).toEqual({ complete: false, length: 3000, names: [], getView: undefined, near: true, nearSeattle: false });
    // The rows asked for are the first read, before the rest: the nearest show, in order, while the view is incomplete.
    expect(early[1]).toMatchObject({ complete: false, names: expected });
    // Never a wrong order on the way: each notice shows a beginning of the true order.
    for (const seen of early) expect(expected.slice(0, seen.names.length)).toEqual(seen.names);
    // The rows of a page are asked for together, so they arrive together rather than one per read.
    expect(early.filter((seen) => seen.names.length > 0 && seen.names.length < expected.length)).toEqual([]);

    const view = store.getView()!;
    expect(view.complete).toBe(true);
    // Every row read with the generation unchanged: the whole view still reads the columns (no rebuild of the index).
    expect(view.columns).not.toBeNull();
    expect(namesOf(view, 8)).toEqual(expected);
    expect(nearestList(view, DOWNTOWN).search((name) => (name === 'restroom 2999' ? 0 : null), 5).map((r) => r.name)).toEqual(['Restroom 2999']);
  });

  it("draws the rows nearest the region's list origin with no bucket read: the index keeps them whole", async () => {
    const restrooms = spreadRestrooms(3000);
    const db = freshDb();
    const region = { ...FALLBACK_CLIENT_CONFIG.region, listOrigin: DOWNTOWN, mapCenter: DOWNTOWN };
    await metaSet(db, 'clientConfig', { ...FALLBACK_CLIENT_CONFIG, region });
    const writer = createMirrorWriter({ db, store: null, channel: null });
    await writer.applyFeedPage(makePage({ cursor: '10', restrooms: [...restrooms] }), { clear: true, finishedAt: 1 });
    expect(await rebuildStoredColumns(db)).toBe(true);
    expect((await db.restroomIndex.get('columns'))!.nearby.map((row) => row[COMPACT_AT.name])).toEqual(restrooms.slice(0, NEARBY_ROWS).map((r) => r.name));

    const store = new MirrorStore();
    const first: string[][] = [];
    store.subscribe(() => {
      const view = store.getFirstScreenView();
      if (view && !view.complete && first.length === 0) first.push(namesOf(view, 25));
    });
    await store.load(db);
    expect(first).toEqual([restrooms.slice(0, 25).map((restroom) => restroom.name)]);
  });

  it('is not read once a writer changed the buckets after it, and a rebuild that a write overtook stores nothing', async () => {
    const restrooms = spreadRestrooms(50);
    const { db, writer } = await deviceWithColumns(restrooms);
    const generation = await mirrorGeneration(db);
    expect((await readStoredColumns(db))?.generation).toBe(generation);

    const moved = { ...restrooms[40]!, name: 'Moved next door', latitude: DOWNTOWN.lat, longitude: DOWNTOWN.lng, updated_at: '2026-11-26T00:00:00.000Z' };
    await writer.applyFeedPage(makePage({ cursor: '11', restrooms: [moved] }), { clear: false, finishedAt: 2 });
    expect(await mirrorGeneration(db)).toBe(generation + 1);
    expect(await readStoredColumns(db)).toBeNull();

    const store = new MirrorStore();
    await store.load(db);
    const view = store.getView()!;
    expect(view.columns).toBeNull();
    expect(namesOf(view, 2)).toEqual(['Restroom 0', 'Moved next door']);

    // Columns built at the old generation are refused.
    const { ids, columns } = (await db.restroomIndex.get('columns'))!;
    expect(await storeColumns(db, { ...columns, ids: ids.split('\n') }, [], generation)).toBe(false);
    expect(await readStoredColumns(db)).toBeNull();
    // An empty page of the feed changes nothing, so the index stays current.
    expect(await rebuildStoredColumns(db)).toBe(true);
    await writer.applyFeedPage(makePage({ cursor: '12' }), { clear: false, finishedAt: 3 });
    expect(await readStoredColumns(db)).not.toBeNull();
  });
});

