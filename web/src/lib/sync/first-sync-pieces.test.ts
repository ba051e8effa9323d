import { afterEach, describe, expect, it } from 'vitest';
import { pieceHolds, type LatLng, type Restroom, type SyncPage } from '@allstall/shared';
import { createApiClient, type SyncPageRequest } from '../api/api-client';
import { eagerContractChecker } from '../api/contract-eager';
import { createDb, metaGet, type AllstallDb } from '../db/db';
import { inProcessWorker, tickingClock } from '@/test/in-process-snapshot-worker';
import { makeComment, makeOutboxRow, makePage, makeRestroom } from '@/test/fixtures';
import { piecesServer, type PiecesServer } from '@/test/pieces-server';
import { seedRestrooms, storedRestrooms } from '@/test/services';
import { viewRows } from '@/test/view-rows';
import { bucketOf } from './buckets';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import { createSyncEngine } from './sync-engine';
import { createSyncFocus } from './sync-focus';
import { createWorkerFirstSync } from './worker-first-sync';

/*
 * The first sync in pieces as a browser runs it (docs/offline-data.md#first-sync-in-pieces): the
 * page asks for the index through the real api client, the snapshot job (run in-process, as the
 * worker runs it) asks for the pieces, nearest first from where the person looks, from a scripted
 * server that cuts them as the shared quadtree does. What is checked: which pieces are asked for,
 * in what order, and what IndexedDB and the page hold after a cut, a resume and a newer index.
 */

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const SEATTLE = { lat: 47.6062, lng: -122.3321 };
const MINNEAPOLIS = { lat: 44.9778, lng: -93.265 };
const CHICAGO = { lat: 41.8781, lng: -87.6298 };

/** `count` restrooms named `name n` around `centre`. */
function around(name: string, centre: LatLng, count: number): Restroom[] {
  return Array.from({ length: count }, (_, at) => {
    const angle = (at * 137 * Math.PI) / 180;
    const out = 0.002 * (at + 1);
    return makeRestroom({ name: `${name} ${at + 1}`, latitude: centre.lat + out * Math.cos(angle), longitude: centre.lng + out * Math.sin(angle) });
  });
}

const country = (): Restroom[] => [...around('Minneapolis', MINNEAPOLIS, 60), ...around('Chicago', CHICAGO, 30), ...around('Seattle', SEATTLE, 20)];

/** A device on a first visit whose server can be swapped (a rebuild), with the person looking at `focusAt`. */
function device(first: PiecesServer, pages: SyncPage[], focusAt: LatLng = MINNEAPOLIS) {
  let server = first;
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => server.fetch(input, init)) as typeof globalThis.fetch;
  const name = `first-sync-pieces-${++dbCount}`;
  const db = createDb(name);
  opened.push(db);
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  const api = {
    snapshotBody: createApiClient({ contract: eagerContractChecker, fetch }).snapshotBody,
    syncSnapshot: () => Promise.reject(new Error('the page must not read the pieces itself')),
    async syncPage(request: SyncPageRequest) {
      const page = pages.shift();
      if (!page) throw new Error(`no feed page scripted after ${request.since}`);
      return page;
    },
  };
  const focus = createSyncFocus(focusAt);
  const worker = inProcessWorker(fetch, store);
  const firstSync = createWorkerFirstSync({ store, channel: null, dbName: name, api, focus, transfersStreams: true, startWorker: worker.start });
  const writer = createMirrorWriter({ db, store, channel: null });
  const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), firstSync, focus });
  return {
    db,
    store,
    engine,
    focus,
    worker,
    rebuilt: (next: PiecesServer) => {
      server = next;
    },
  };
}

/** The piece names a server was asked for, in order. */
const piecesAsked = (server: PiecesServer) => server.calls.filter((path) => path.startsWith('/api/sync/pieces/')).map((path) => decodeURIComponent(path.split('/').pop()!));

const ids = (rows: Iterable<{ id: string }>) => [...rows].map((row) => row.id).sort();

describe('the first sync in pieces', () => {
  it("asks for the person's own piece first, then the others nearest first from them", async () => {
    const restrooms = country();
    const server = piecesServer('10', restrooms, [], { maxRows: 10 });
    const { engine, store } = device(server, [makePage({ cursor: '10' })], SEATTLE);

    expect(await engine.pull()).toBe('synced');

    const asked = piecesAsked(server);
    expect(asked).toHaveLength(server.index.pieces.length);
    const keyOf = new Map(server.index.pieces.map((piece) => [piece.name, piece.key]));
    // The first pieces asked for are Seattle's; Minneapolis (1,390 mi) comes before Chicago (1,740 mi).
    const seattlePieces = server.index.pieces.filter((piece) => pieceHolds(piece.key, SEATTLE.lat, SEATTLE.lng) || server.restroomsOf.get(piece.name)!.some((row) => row.name.startsWith('Seattle')));
    expect(asked.slice(0, seattlePieces.length).sort()).toEqual(seattlePieces.map((piece) => piece.name).sort());
    const firstOf = (city: string) => asked.findIndex((name) => server.restroomsOf.get(name)!.some((row) => row.name.startsWith(city)));
    expect(firstOf('Minneapolis')).toBeLessThan(firstOf('Chicago'));
    expect(keyOf.size).toBe(asked.length);
    expect(ids(viewRows(store.getView()).map((row) => ({ id: row[0] })))).toEqual(ids(restrooms));
  });

  it('a connection cut half-way keeps the pieces stored; the next pull asks only for the others and ends with exactly the set, the outbox untouched', async () => {
    const restrooms = country();
    const comments = [makeComment({ restroom_id: restrooms[0]!.id }), makeComment({ restroom_id: restrooms[100]!.id })];
    const count = piecesServer('20', restrooms, comments, { maxRows: 10 }).index.pieces.length;
    let asked = 0;
    const server = piecesServer('20', restrooms, comments, {
      maxRows: 10,
      // The connection drops in the middle of the piece after half of them, once.
      override: (_name, times) => (times === 1 && ++asked === Math.ceil(count / 2) ? 'drop' : undefined),
    });
    const { db, store, engine } = device(server, [makePage({ cursor: '20' })]);
    const queued = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 1, downvote: 0, comment: 'Clean' } });
    await db.outbox.put(queued);

    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('offline');
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
    const progress = (await metaGet(db, 'firstSyncPieces'))!;
    expect(progress.cursor).toBe('20');
    expect(progress.stored.length).toBeGreaterThan(0);
    expect(progress.stored.length).toBeLessThan(count);
    // What a stored piece holds is in IndexedDB, every row of it.
    const afterCut = await storedRestrooms(db);
    for (const piece of progress.stored) for (const row of server.restroomsOf.get(piece.name)!) expect(afterCut.has(row.id)).toBe(true);

    const before = piecesAsked(server).length;
    expect(await engine.pull()).toBe('synced');
    const again = piecesAsked(server).slice(before);
    for (const piece of progress.stored) expect(again).not.toContain(piece.name);
    expect(again.length).toBe(count - progress.stored.length);

    expect(ids((await storedRestrooms(db)).values())).toEqual(ids(restrooms));
    expect(ids(viewRows(store.getView()).map((row) => ({ id: row[0] })))).toEqual(ids(restrooms));
    expect(ids(await db.comments.toArray())).toEqual(ids(comments));
    expect(await metaGet(db, 'syncCursor')).toBe('20');
    expect(await metaGet(db, 'firstSyncPieces')).toBeUndefined();
    expect(engine.getStatus()).toMatchObject({ state: 'idle', progress: null });
    expect(await db.outbox.toArray()).toEqual([queued]);
  });

  it('stages each flush beside the buckets, which a reload mid-sync reads too; cut twice and resumed, the end merges them once: exactly the set, each row once in its own bucket', async () => {
    const restrooms = country();
    const count = piecesServer('25', restrooms, [], { maxRows: 10 }).index.pieces.length;
    let asked = 0;
    const cuts = [Math.ceil(count / 3), Math.ceil((2 * count) / 3)];
    const server = piecesServer('25', restrooms, [], {
      maxRows: 10,
      // The connection drops in the middle of a piece twice, each time a piece is asked for the first time.
      override: (_name, times) => (times === 1 && cuts.includes(++asked) ? 'drop' : undefined),
    });
    const { db, engine } = device(server, [makePage({ cursor: '25' })]);
    const queued = makeOutboxRow({ kind: 'confirmation', body: { restroom_id: restrooms[2]!.id } });
    await db.outbox.put(queued);

    expect(await engine.pull()).toBe('failed');
    // The flushes went to staged records; the buckets wait for the end.
    expect(await db.restroomBuckets.count()).toBe(0);
    expect(await db.stagedRows.count()).toBeGreaterThan(1);
    const firstCut = (await metaGet(db, 'firstSyncPieces'))!.stored;
    // A reload now (a new tab, a cold start) reads what is staged: every stored piece's rows.
    const reloaded = new MirrorStore();
    await reloaded.load(db);
    for (const piece of firstCut) for (const row of server.restroomsOf.get(piece.name)!) expect(reloaded.get(row.id)?.name).toBe(row.name);
    expect(reloaded.size).toBe((await storedRestrooms(db)).size);

    expect(await engine.pull()).toBe('failed');
    const secondCut = (await metaGet(db, 'firstSyncPieces'))!.stored;
    expect(secondCut.length).toBeGreaterThan(firstCut.length);
    expect(secondCut.length).toBeLessThan(count);
    const afterSecond = await storedRestrooms(db);
    for (const piece of secondCut) for (const row of server.restroomsOf.get(piece.name)!) expect(afterSecond.has(row.id)).toBe(true);

    expect(await engine.pull()).toBe('synced');
    const records = await db.restroomBuckets.toArray();
    const stored = records.flatMap((record) => record.rows.map((row) => row[0]));
    // Exactly the set: none lost on a cut, none written twice by a merge.
    expect(stored.length).toBe(restrooms.length);
    expect(stored.sort()).toEqual(ids(restrooms));
    for (const record of records) expect(record.rows.every((row) => bucketOf(row[0]) === record.bucket)).toBe(true);
    expect(await db.stagedRows.count()).toBe(0);
    expect(await metaGet(db, 'syncCursor')).toBe('25');
    expect(await db.outbox.toArray()).toEqual([queued]);
  });

  it('resumed on a newer index, drops the rows of pieces it no longer names and ends with exactly the newer set', async () => {
    const restrooms = country();
    let asked = 0;
    const first = piecesServer('30', restrooms, [], { maxRows: 10, override: () => (++asked === 4 ? 'drop' : undefined) });
    const { db, store, engine, rebuilt } = device(first, [makePage({ cursor: '31' })], MINNEAPOLIS);
    expect(await engine.pull()).toBe('failed');
    const stored = (await metaGet(db, 'firstSyncPieces'))!.stored;
    expect(stored.length).toBeGreaterThan(0);

    // Meanwhile, in the cells it stored: a restroom deleted, one moved to Seattle, one renamed; and one added.
    const inStored = restrooms.filter((row) => stored.some((piece) => first.restroomsOf.get(piece.name)!.some((held) => held.id === row.id)));
    const [gone, moved, renamed] = inStored;
    const added = makeRestroom({ name: 'New in Chicago', latitude: CHICAGO.lat, longitude: CHICAGO.lng });
    const newer = restrooms
      .filter((row) => row !== gone)
      .map((row) => (row === moved ? { ...row, latitude: SEATTLE.lat, longitude: SEATTLE.lng } : row === renamed ? { ...row, name: 'Renamed' } : row));
    newer.push(added);
    rebuilt(piecesServer('31', newer, [], { maxRows: 10 }));

    expect(await engine.pull()).toBe('synced');
    const saved = await storedRestrooms(db);
    expect(ids(saved.values())).toEqual(ids(newer));
    expect(saved.has(gone!.id)).toBe(false);
    expect(saved.get(moved!.id)?.latitude).toBe(SEATTLE.lat);
    expect(saved.get(renamed!.id)?.name).toBe('Renamed');
    expect(ids(viewRows(store.getView()).map((row) => ({ id: row[0] })))).toEqual(ids(newer));
    expect(await metaGet(db, 'syncCursor')).toBe('31');
  });

  it('when a piece is no longer served (two rebuilds since), reads the index again and finishes', async () => {
    const restrooms = country();
    let gone = true;
    const withGone = piecesServer('40', restrooms, [], {
      maxRows: 10,
      override: () => {
        if (!gone) return undefined;
        gone = false;
        return new Response(JSON.stringify({ code: 'sync.pieceGone' }), { status: 404 });
      },
    });
    const { db, engine } = device(withGone, [makePage({ cursor: '40' })]);
    expect(await engine.pull()).toBe('synced');
    expect(withGone.calls.filter((path) => path === '/api/sync/pieces')).toHaveLength(2);
    expect(ids((await storedRestrooms(db)).values())).toEqual(ids(restrooms));
    expect(withGone.index.pieces.length).toBeGreaterThan(1);
  });

  it('follows the person: a place searched while the pieces arrive has its pieces next', async () => {
    const restrooms = country();
    let searched!: () => void;
    const searchedNow = new Promise<void>((resolve) => (searched = resolve));
    let first = true;
    const server = piecesServer('50', restrooms, [], {
      maxRows: 10,
      // The first piece arrives only once the person has searched Seattle.
      override: (name) => {
        if (!first) return undefined;
        first = false;
        const body = piecesServer('50', restrooms, [], { maxRows: 10 });
        return new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              await searchedNow;
              const whole = await (await body.fetch(`/api/sync/pieces/${encodeURIComponent(name)}`)).arrayBuffer();
              controller.enqueue(new Uint8Array(whole));
              controller.close();
            },
          }),
          { status: 200 },
        );
      },
    });
    const { engine, focus, worker } = device(server, [makePage({ cursor: '50' })], MINNEAPOLIS);
    const pulled = engine.pull();
    await expect.poll(() => piecesAsked(server).length, { timeout: 15_000 }).toBe(1);
    focus.set(SEATTLE);
    searched();
    expect(await pulled).toBe('synced');
    expect(worker.focusesHeard.at(-1)).toEqual(SEATTLE);
    const asked = piecesAsked(server);
    const city = (name: string) => server.restroomsOf.get(name)![0]!.name.split(' ')[0];
    // Minneapolis's piece was on its way; every piece asked for after the search is Seattle's until they are all asked.
    expect(city(asked[0]!)).toBe('Minneapolis');
    const seattlePieces = asked.filter((name) => city(name) === 'Seattle').length;
    expect(asked.slice(1, 1 + seattlePieces).every((name) => city(name) === 'Seattle')).toBe(true);
  });

  it("a device holding a mirror from before the pieces keeps it and pulls the feed; one cut short in the old snapshot starts the pieces afresh; neither touches the outbox", async () => {
    const restrooms = country();
    const server = piecesServer('60', restrooms, [], { maxRows: 10 });
    const kept = device(server, [makePage({ cursor: '61' })]);
    await kept.store.ready();
    await seedRestrooms({ db: kept.db, mirror: kept.store }, restrooms.slice(0, 40));
    await kept.db.meta.put({ key: 'syncCursor', value: '55' });
    const queued = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 1, downvote: 0, comment: 'Clean' } });
    await kept.db.outbox.put(queued);
    expect(await kept.engine.pull()).toBe('synced');
    expect(server.calls).toEqual([]);
    expect((await storedRestrooms(kept.db)).size).toBe(40);
    expect(await metaGet(kept.db, 'syncCursor')).toBe('61');
    expect(await kept.db.outbox.toArray()).toEqual([queued]);

    // Rows of an old snapshot cut short: no cursor, and no note of any piece.
    const cut = device(server, [makePage({ cursor: '60' })]);
    await cut.store.ready();
    const stray = makeRestroom({ name: 'From the old snapshot, since deleted' });
    await seedRestrooms({ db: cut.db, mirror: cut.store }, [...restrooms.slice(0, 40), stray]);
    await cut.db.outbox.put(queued);
    expect(await cut.engine.pull()).toBe('synced');
    expect(ids((await storedRestrooms(cut.db)).values())).toEqual(ids(restrooms));
    expect(await cut.db.outbox.toArray()).toEqual([queued]);
  });
});

