import { viewRows } from '@/test/view-rows';
import { afterEach, describe, expect, it } from 'vitest';
import { compactRestroom, SYNC_PIECES_FORMAT, type SyncPage } from '@allstall/shared';
import { createApiClient, type SyncPageRequest } from '../api/api-client';
import { eagerContractChecker } from '../api/contract-eager';
import { createDb, metaGet, type AllstallDb } from '../db/db';
import { inProcessWorker, tickingClock } from '@/test/in-process-snapshot-worker';
import { makeComment, makeOutboxRow, makePage, makeRestroom } from '@/test/fixtures';
import { storedRestrooms } from '@/test/services';
import { onePiece, snapshotBody, snapshotLines } from '@/test/snapshot-body';
import { bucketOf } from './buckets';
import { ALL_BUCKETS, type MirrorChannel } from './mirror-channel';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import type { SnapshotWorkerPort } from './snapshot-worker-port';
import { createSyncEngine, type SyncProgress } from './sync-engine';
import { createSyncFocus } from './sync-focus';
import { createWorkerFirstSync } from './worker-first-sync';

/*
 * The first sync as a browser runs it: the page asks for the index of pieces through the real api
 * client and hands the body to the snapshot job (what the worker runs), run in-process on its own
 * Dexie connection to the same fake-indexeddb database, which asks for the pieces; where streams
 * cannot be handed over, the job fetches the index too through its own api client. Both fetch from one scripted server that records who
 * asked. The job's messages are cloned and delivered in order to the page's end, as postMessage
 * would. What is checked is what the page and IndexedDB end up holding.
 */

let dbCount = 0;
const opened: AllstallDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

interface FetchCall {
  url: string;
  init: RequestInit;
  /** Which side asked: the page's thread or the worker's. */
  by: 'page' | 'worker';
}

/** The server's snapshot route as a script: each call to fetch, from the page or the worker, answers the next response. */
function scriptedFetch(responses: Array<() => Response | Promise<Response>>) {
  const calls: FetchCall[] = [];
  const fetchBy = (by: FetchCall['by']) =>
    (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init, by });
      const next = responses.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }) as typeof globalThis.fetch;
  return { calls, fetchBy };
}

const ndjson = (lines: readonly unknown[], chunkBytes?: number) =>
  new Response(snapshotBody(lines, chunkBytes), { status: 200, headers: { 'content-type': 'application/x-ndjson' } });

const jsonAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A snapshot as the tests write it, served as the first sync's routes serve it: the index (asked for first), then its one piece. */
function served(lines: Parameters<typeof onePiece>[0]): Array<() => Response> {
  const piece = onePiece(lines);
  return [() => jsonAnswer(piece.index), () => ndjson(piece.lines)];
}

/** A body that delivers `bytes` of the snapshot, then drops as a lost connection does. */
function droppedAfter(lines: readonly unknown[], bytes: number): Response {
  const reader = snapshotBody(lines, bytes).getReader();
  let sent = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) return controller.error(new TypeError('network error'));
        sent = true;
        const { value } = await reader.read();
        controller.enqueue(value!);
      },
    }),
    { status: 200 },
  );
}

function recordingChannel(): MirrorChannel & { posted: number[][] } {
  const posted: number[][] = [];
  return { posted, post: (buckets) => posted.push([...buckets]), close: () => undefined };
}

/** The page's api: the real client for the snapshot's request, the feed's pages scripted. */
function pageApi(fetch: typeof globalThis.fetch, pages: SyncPage[]) {
  const client = createApiClient({ contract: eagerContractChecker, fetch });
  const asked: Array<string | undefined> = [];
  return {
    asked,
    snapshotBody: client.snapshotBody,
    syncSnapshot: () => Promise.reject(new Error('the page must not read the snapshot itself')),
    async syncPage(request: SyncPageRequest) {
      asked.push(request.since);
      const page = pages.shift();
      if (!page) throw new Error('no more pages');
      return page;
    },
  };
}

/** A new device, its first sync in an in-process worker; `transfersStreams: false` is a browser that cannot hand a stream over. */
function device(server: ReturnType<typeof scriptedFetch>, pages: SyncPage[], { transfersStreams = true, startWorker }: { transfersStreams?: boolean; startWorker?: () => SnapshotWorkerPort } = {}) {
  const name = `worker-first-sync-${++dbCount}`;
  const db = createDb(name);
  opened.push(db);
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  const channel = recordingChannel();
  const writer = createMirrorWriter({ db, store, channel: null });
  const worker = inProcessWorker(server.fetchBy('worker'), store);
  const api = pageApi(server.fetchBy('page'), pages);
  const firstSync = createWorkerFirstSync({ store, channel, dbName: name, api, focus: createSyncFocus(), transfersStreams, startWorker: startWorker ?? worker.start });
  const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), firstSync });
  const progress: SyncProgress[] = [];
  engine.subscribe(() => {
    const now = engine.getStatus().progress;
    if (now && progress.at(-1) !== now) progress.push(now);
  });
  return { db, store, channel, worker, api, engine, progress };
}

const manyRestrooms = (count: number) => Array.from({ length: count }, (_, n) => makeRestroom({ name: `R${n}` }));

/** An index whose body's cancellation is recorded, for a body the page must not leave downloading. */
function cancellableBody(lines: Parameters<typeof onePiece>[0]) {
  const inner = new Response(JSON.stringify(onePiece(lines).index)).body!.getReader();
  const record = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await inner.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel() {
      record.cancelled = true;
    },
  });
  return { record, response: () => new Response(body, { status: 200 }) };
}

/** A worker whose script never loads: it fails as a worker does, with an error event without a message. */
function brokenWorker() {
  let started = 0;
  const start = (): SnapshotWorkerPort => {
    started++;
    const port: SnapshotWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage: () => {
        throw new Error('a worker that never loaded must not be asked anything');
      },
      terminate: () => undefined,
    };
    setTimeout(() => port.onerror?.(new Event('error') as ErrorEvent), 5);
    return port;
  };
  return { start, started: () => started };
}

/** A worker whose script is still loading: it never says 'ready'. */
function loadingWorker() {
  let terminated = 0;
  const start = (): SnapshotWorkerPort => ({
    onmessage: null,
    onerror: null,
    postMessage: () => {
      throw new Error('a worker still loading must not be asked anything');
    },
    terminate: () => void terminated++,
  });
  return { start, terminated: () => terminated };
}

const INDEX_REQUEST = { method: 'GET', credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } };
/** A piece's name is its bytes' hash: the browser's cache may answer for it. */
const PIECE_REQUEST = { method: 'GET', credentials: 'same-origin', cache: 'default', headers: { accept: 'application/x-ndjson' } };

describe('the first sync in the snapshot worker', () => {
  it("takes the snapshot the page asked for at once: the worker stores every row and comment from the page's body, each line is drawn in the page as it arrives, saved rows count upwards, and the outbox is left alone", async () => {
    const restrooms = manyRestrooms(25);
    const comments = [makeComment({ restroom_id: restrooms[0]!.id })];
    const lines = snapshotLines('500', restrooms, comments, { lineRows: 4 });
    const server = scriptedFetch(served(lines));
    const renamed = { ...restrooms[3]!, name: 'Renamed after the snapshot' };
    const { db, store, channel, worker, api, engine, progress } = device(server, [makePage({ cursor: '503', restrooms: [renamed] })]);
    // A write queued offline before the first sync: the snapshot must neither send nor drop it.
    const queued = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 1, downvote: 0, comment: 'Clean' } });
    await db.outbox.put(queued);

    expect(await engine.pull()).toBe('synced');

    // The index asked for by the page, its body handed to the worker, which asks for the piece.
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]).toMatchObject({ url: '/api/sync/pieces', by: 'page', init: INDEX_REQUEST });
    expect(server.calls[1]).toMatchObject({ url: `/api/sync/pieces/${encodeURIComponent(onePiece(lines).name)}`, by: 'worker', init: PIECE_REQUEST });
    expect(worker.transferred).toHaveLength(1);
    expect(worker.transferred[0]).toBeInstanceOf(ReadableStream);
    // IndexedDB holds the snapshot and the feed after it; the page's memory holds the same.
    const stored = await storedRestrooms(db);
    expect([...stored.keys()].sort()).toEqual(restrooms.map((r) => r.id).sort());
    expect(stored.get(renamed.id)?.name).toBe('Renamed after the snapshot');
    expect(viewRows(store.getView()).map((row) => row[0]).sort()).toEqual(restrooms.map((r) => r.id).sort());
    expect(await db.comments.toArray()).toEqual(comments);
    expect(api.asked).toEqual(['500']);
    expect(await metaGet(db, 'syncCursor')).toBe('503');
    expect(await db.outbox.toArray()).toEqual([queued]);

    // Each line reached the page's memory as it came, long before the last flush.
    const kinds = worker.delivered.map((entry) => entry.message.kind);
    expect(kinds.slice(0, 3)).toEqual(['ready', 'committed', 'cleared']);
    expect(kinds.at(-1)).toBe('end');
    const firstRows = worker.delivered.find((entry) => entry.message.kind === 'rows')!;
    expect(firstRows.pageRows).toBe(4);
    expect(kinds.indexOf('rows')).toBeLessThan(kinds.indexOf('saved'));
    // Saved only climbs, in flushes, to every restroom.
    const saved = progress.map((p) => p.saved);
    expect(saved).toEqual([...saved].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0]).toEqual({ saved: 0, total: 25, pieces: { all: [''], held: [] } });
    expect(progress.at(-1)).toEqual({ saved: 25, total: 25, pieces: { all: [''], held: [''] } });
    expect(engine.getStatus()).toMatchObject({ state: 'idle', progress: null, error: null });

    // Other tabs heard of the cleared mirror, then of every bucket the worker wrote.
    expect(channel.posted[0]).toEqual([...ALL_BUCKETS]);
    const told = new Set(channel.posted.slice(1).flat());
    for (const restroom of restrooms) expect(told.has(bucketOf(restroom.id))).toBe(true);
    // One worker per first sync, ended when it was over.
    expect(worker.started()).toBe(1);
    expect(worker.terminated()).toBe(1);
  });

  it('keeps what the page shows while the snapshot arrives (a restroom opened from a link, its dialog open), then drops what the snapshot did not bring', async () => {
    const restrooms = manyRestrooms(8);
    const opened = { ...restrooms[5]!, name: 'As the detail page fetched it' };
    const gone = makeRestroom({ name: 'No longer listed' });
    const server = scriptedFetch(served(snapshotLines('90', restrooms, [], { lineRows: 2 })));
    const { store, worker, engine } = device(server, [makePage({ cursor: '90' })]);
    await store.ready();
    store.put([compactRestroom(opened), compactRestroom(gone)]);

    expect(await engine.pull()).toBe('synced');

    // Never fewer than the two held before: nothing on screen blinked out while the set arrived.
    const held = worker.delivered.filter((entry) => entry.message.kind !== 'ready').map((entry) => entry.pageRows);
    expect(Math.min(...held)).toBeGreaterThanOrEqual(2);
    // Then the snapshot's word stands: its version of the restroom, and no row it did not bring.
    expect(store.get(opened.id)?.name).toBe(restrooms[5]!.name);
    expect(store.get(gone.id)).toBeUndefined();
    expect(store.size).toBe(8);
  });

  it('where a stream cannot be handed to a worker, the worker asks for the index itself, the same request, and stores every row the same way', async () => {
    const restrooms = manyRestrooms(9);
    const server = scriptedFetch(served(snapshotLines('70', restrooms, [], { lineRows: 2 })));
    const { db, store, worker, engine, progress } = device(server, [makePage({ cursor: '70' })], { transfersStreams: false });

    expect(await engine.pull()).toBe('synced');

    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]).toMatchObject({ url: '/api/sync/pieces', by: 'worker', init: INDEX_REQUEST });
    expect(server.calls[1]).toMatchObject({ by: 'worker', init: PIECE_REQUEST });
    expect(worker.transferred).toEqual([]);
    expect([...(await storedRestrooms(db)).keys()].sort()).toEqual(restrooms.map((r) => r.id).sort());
    expect(store.size).toBe(9);
    expect(progress.at(-1)).toEqual({ saved: 9, total: 9, pieces: { all: [''], held: [''] } });
    expect(await metaGet(db, 'syncCursor')).toBe('70');
  });

  for (const transfersStreams of [true, false]) {
    const asker = transfersStreams ? "the page's body" : "the worker's own request";
    it(`a connection cut mid-piece (${asker}) leaves no cursor and says offline; with no piece whole, the next pull clears what was saved and starts again`, async () => {
      const first = manyRestrooms(12);
      const second = manyRestrooms(5);
      const firstPiece = onePiece(snapshotLines('40', first, [], { lineRows: 2 }));
      // About two thirds of the only piece, then the connection drops: no piece is whole.
      const cut = new TextEncoder().encode(JSON.stringify(firstPiece.lines)).length * 0.66;
      const server = scriptedFetch([
        () => jsonAnswer(firstPiece.index),
        () => droppedAfter(firstPiece.lines, Math.round(cut)),
        ...served(snapshotLines('41', second, [], { lineRows: 2 })),
      ]);
      const { db, store, engine, worker } = device(server, [makePage({ cursor: '41' })], { transfersStreams });

      expect(await engine.pull()).toBe('failed');
      expect(engine.getStatus()).toMatchObject({ state: 'offline', progress: null });
      expect(await metaGet(db, 'syncCursor')).toBeUndefined();
      // Some rows were on their way, but never all of them.
      expect(worker.delivered.some((entry) => entry.message.kind === 'rows')).toBe(true);
      expect((await storedRestrooms(db)).size).toBeLessThan(12);
      expect(worker.terminated()).toBe(1);

      expect(await engine.pull()).toBe('synced');
      expect([...(await storedRestrooms(db)).keys()].sort()).toEqual(second.map((r) => r.id).sort());
      expect(viewRows(store.getView()).map((row) => row[0]).sort()).toEqual(second.map((r) => r.id).sort());
      expect(await metaGet(db, 'syncCursor')).toBe('41');
    });

    it(`a server without pieces (404), or with an index of another format, gets the paged feed from the start (${asker})`, async () => {
      const { index } = onePiece(snapshotLines('42', []));
      for (const answer of [() => new Response(null, { status: 404 }), () => jsonAnswer({ ...index, format: SYNC_PIECES_FORMAT + 1 })]) {
        const only = makeRestroom({ name: 'From the feed' });
        const { db, store, engine, api } = device(scriptedFetch([answer]), [makePage({ cursor: '9', restrooms: [only] })], { transfersStreams });
        expect(await engine.pull()).toBe('synced');
        expect(api.asked).toEqual([undefined]);
        expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['From the feed']);
        expect(store.size).toBe(1);
      }
    });
  }

  it('a server error is an error, not offline, and leaves no cursor', async () => {
    const server = scriptedFetch([() => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 })]);
    const { db, engine } = device(server, []);
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'Internal Server Error', progress: null });
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it('a piece without its end line is not taken as whole: a connection cut between lines, so offline, and no cursor', async () => {
    const server = scriptedFetch(served(snapshotLines('40', manyRestrooms(3), [], { end: false })));
    const { db, engine } = device(server, []);
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('offline');
    expect(await metaGet(db, 'firstSyncPieces')).toEqual({ cursor: '40', stored: [] });
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it("a 404 or no connection settles the first sync while the worker's script is still loading, and ends that worker", async () => {
    const only = makeRestroom({ name: 'From the feed' });
    const loading = loadingWorker();
    const noSnapshot = device(scriptedFetch([() => new Response(null, { status: 404 })]), [makePage({ cursor: '9', restrooms: [only] })], { startWorker: loading.start });
    expect(await noSnapshot.engine.pull()).toBe('synced');
    expect(noSnapshot.store.size).toBe(1);
    expect(loading.terminated()).toBe(1);

    const offline = device(scriptedFetch([]), [], { startWorker: loading.start });
    expect(await offline.engine.pull()).toBe('failed');
    expect(offline.engine.getStatus().state).toBe('offline');
    expect(loading.terminated()).toBe(2);
  });

  it('a worker whose script never loaded fails the pull as offline and cancels the index the page asked for; the next pull tries a new worker', async () => {
    const lines = snapshotLines('40', manyRestrooms(3));
    const first = cancellableBody(lines);
    const second = cancellableBody(lines);
    const broken = brokenWorker();
    const { db, engine } = device(scriptedFetch([first.response, second.response]), [], { startWorker: broken.start });

    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('offline');
    expect(first.record.cancelled).toBe(true);
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();

    expect(await engine.pull()).toBe('failed');
    expect(broken.started()).toBe(2);
    expect(second.record.cancelled).toBe(true);
  });
});
