import { afterEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_FORMAT, type SyncPage } from '@allstall/shared';
import { createApiClient, type SyncPageRequest } from '../api-client';
import type { Clock } from '../clock';
import { eagerContractChecker } from '../contract-eager';
import { createDb, metaGet, type AllstallDb } from '../db';
import { idleTimers } from '../../test/clock';
import { makeComment, makeOutboxRow, makePage, makeRestroom } from '../../test/fixtures';
import { storedRestrooms } from '../../test/services';
import { snapshotBody, snapshotLines } from '../../test/snapshot-body';
import { bucketOf } from './buckets';
import { ALL_BUCKETS, type MirrorChannel } from './mirror-channel';
import { MirrorStore } from './mirror-store';
import { createMirrorWriter } from './mirror-writer';
import { runSnapshotJob, type SnapshotJobMessage } from './snapshot-job';
import * as snapshotLineReader from './snapshot-lines';
import { createSyncEngine, type SyncProgress } from './sync-engine';
import { createWorkerFirstSync, type SnapshotWorkerPort } from './worker-first-sync';

/*
 * The first sync as a browser runs it: the snapshot job (what the worker runs) in-process, on its
 * own Dexie connection to the same fake-indexeddb database, fetching through the real api client
 * from a scripted fetch; its messages cloned and delivered in order to the page's end, as
 * postMessage would. What is checked is what the page and IndexedDB end up holding.
 */

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

interface FetchCall {
  url: string;
  init: RequestInit;
}

/** The server's snapshot route as a script: each call to fetch answers the next response. */
function scriptedFetch(responses: Array<() => Response | Promise<Response>>) {
  const calls: FetchCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const ndjson = (lines: readonly unknown[], chunkBytes?: number) =>
  new Response(snapshotBody(lines, chunkBytes), { status: 200, headers: { 'content-type': 'application/x-ndjson' } });

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

/** The page's end of a worker that runs the job here, each message what the page's store held right after it. */
function inProcessWorker(fetch: typeof globalThis.fetch, store: MirrorStore) {
  const delivered: Array<{ message: SnapshotJobMessage; pageRows: number }> = [];
  let started = 0;
  let terminated = 0;
  const start = (): SnapshotWorkerPort => {
    started++;
    let ended = false;
    let queue = Promise.resolve();
    const port: SnapshotWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage({ dbName }) {
        const db = createDb(dbName);
        const api = createApiClient({ contract: eagerContractChecker, fetch, snapshotLines: () => Promise.resolve(snapshotLineReader) });
        const post = (message: SnapshotJobMessage) => {
          const copy = structuredClone(message);
          // Delivered later and in order, as a worker's messages are; none after terminate().
          queue = queue.then(() => {
            if (ended) return;
            port.onmessage?.({ data: copy } as MessageEvent<SnapshotJobMessage>);
            delivered.push({ message: copy, pageRows: store.size });
          });
        };
        void runSnapshotJob({ db, api, clock: tickingClock(), flushEveryMs: 1500, post }).finally(() => db.close());
      },
      terminate() {
        ended = true;
        terminated++;
      },
    };
    return port;
  };
  return { start, delivered, started: () => started, terminated: () => terminated };
}

function recordingChannel(): MirrorChannel & { posted: number[][] } {
  const posted: number[][] = [];
  return { posted, post: (buckets) => posted.push([...buckets]), close: () => undefined };
}

function feed(pages: SyncPage[]) {
  const asked: Array<string | undefined> = [];
  return {
    asked,
    syncSnapshot: () => Promise.reject(new Error('the page must not read the snapshot itself')),
    async syncPage(request: SyncPageRequest) {
      asked.push(request.since);
      const page = pages.shift();
      if (!page) throw new Error('no more pages');
      return page;
    },
  };
}

function device(fetch: typeof globalThis.fetch, pages: SyncPage[]) {
  const name = `worker-first-sync-${++dbCount}`;
  const db = createDb(name);
  opened.push(db);
  const store = new MirrorStore({ bulkNotifyMs: 10 });
  void store.load(db);
  const channel = recordingChannel();
  const writer = createMirrorWriter({ db, store, channel: null });
  const worker = inProcessWorker(fetch, store);
  const firstSync = createWorkerFirstSync({ store, channel, dbName: name, startWorker: worker.start });
  const api = feed(pages);
  const engine = createSyncEngine({ db, api, writer, clock: tickingClock(), firstSync });
  const progress: SyncProgress[] = [];
  engine.subscribe(() => {
    const now = engine.getStatus().progress;
    if (now && progress.at(-1) !== now) progress.push(now);
  });
  return { db, store, channel, worker, api, engine, progress };
}

const manyRestrooms = (count: number) => Array.from({ length: count }, (_, n) => makeRestroom({ name: `R${n}` }));

describe('the first sync in the snapshot worker', () => {
  it('stores every row and comment from the worker, draws each line in the page as it arrives, counts saved rows upwards, and leaves the outbox alone', async () => {
    const restrooms = manyRestrooms(25);
    const comments = [makeComment({ restroom_id: restrooms[0]!.id })];
    const lines = snapshotLines('500', restrooms, comments, { lineRows: 4 });
    const { calls, fetch } = scriptedFetch([() => ndjson(lines)]);
    const renamed = { ...restrooms[3]!, name: 'Renamed after the snapshot' };
    const { db, store, channel, worker, api, engine, progress } = device(fetch, [makePage({ cursor: '503', restrooms: [renamed] })]);
    // A write queued offline before the first sync: the snapshot must neither send nor drop it.
    const queued = makeOutboxRow({ kind: 'feedback', body: { restroom_id: restrooms[1]!.id, upvote: 1, downvote: 0, comment: 'Clean' } });
    await db.outbox.put(queued);

    expect(await engine.pull()).toBe('synced');

    // The request the api client has always made, sent by the worker.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/sync/snapshot');
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/x-ndjson' } });
    // IndexedDB holds the snapshot and the feed after it; the page's memory holds the same.
    const stored = await storedRestrooms(db);
    expect([...stored.keys()].sort()).toEqual(restrooms.map((r) => r.id).sort());
    expect(stored.get(renamed.id)?.name).toBe('Renamed after the snapshot');
    expect(store.getView()!.rows.map((row) => row[0]).sort()).toEqual(restrooms.map((r) => r.id).sort());
    expect(await db.comments.toArray()).toEqual(comments);
    expect(api.asked).toEqual(['500']);
    expect(await metaGet(db, 'syncCursor')).toBe('503');
    expect(await db.outbox.toArray()).toEqual([queued]);

    // Each line reached the page's memory as it came, long before the last flush.
    const kinds = worker.delivered.map((entry) => entry.message.kind);
    expect(kinds[0]).toBe('committed');
    expect(kinds[1]).toBe('cleared');
    expect(kinds.at(-1)).toBe('end');
    const firstRows = worker.delivered.find((entry) => entry.message.kind === 'rows')!;
    expect(firstRows.pageRows).toBe(4);
    expect(kinds.indexOf('rows')).toBeLessThan(kinds.indexOf('saved'));
    // Saved only climbs, in flushes, to every restroom.
    const saved = progress.map((p) => p.saved);
    expect(saved).toEqual([...saved].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0]).toEqual({ saved: 0, total: 25 });
    expect(progress.at(-1)).toEqual({ saved: 25, total: 25 });
    expect(engine.getStatus()).toMatchObject({ state: 'idle', progress: null, error: null });

    // Other tabs heard of the cleared mirror, then of every bucket the worker wrote.
    expect(channel.posted[0]).toEqual([...ALL_BUCKETS]);
    const told = new Set(channel.posted.slice(1).flat());
    for (const restroom of restrooms) expect(told.has(bucketOf(restroom.id))).toBe(true);
    // One worker per first sync, ended when it was over.
    expect(worker.started()).toBe(1);
    expect(worker.terminated()).toBe(1);
  });

  it('a connection cut mid-download leaves no cursor and says offline; the next pull clears what was saved and starts again', async () => {
    const first = manyRestrooms(12);
    const second = manyRestrooms(5);
    const firstLines = snapshotLines('40', first, [], { lineRows: 2 });
    // About two thirds of the body, then the connection drops.
    const cut = new TextEncoder().encode(JSON.stringify(firstLines)).length * 0.66;
    const { fetch } = scriptedFetch([() => droppedAfter(firstLines, Math.round(cut)), () => ndjson(snapshotLines('41', second, [], { lineRows: 2 }))]);
    const { db, store, engine, worker } = device(fetch, [makePage({ cursor: '41' })]);

    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus()).toMatchObject({ state: 'offline', progress: null });
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
    expect((await storedRestrooms(db)).size).toBeLessThan(12);
    expect(worker.terminated()).toBe(1);

    expect(await engine.pull()).toBe('synced');
    expect([...(await storedRestrooms(db)).keys()].sort()).toEqual(second.map((r) => r.id).sort());
    expect(store.getView()!.rows.map((row) => row[0]).sort()).toEqual(second.map((r) => r.id).sort());
    expect(await metaGet(db, 'syncCursor')).toBe('41');
  });

  it('a server error is an error, not offline, and leaves no cursor', async () => {
    const { fetch } = scriptedFetch([() => new Response(JSON.stringify({ message: 'Internal Server Error' }), { status: 500 })]);
    const { db, engine } = device(fetch, []);
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'Internal Server Error', progress: null });
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it('a snapshot without its end line is not taken as the whole set', async () => {
    const { fetch } = scriptedFetch([() => ndjson(snapshotLines('40', manyRestrooms(3), [], { end: false }))]);
    const { db, engine } = device(fetch, []);
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('error');
    expect(await metaGet(db, 'syncCursor')).toBeUndefined();
  });

  it('a server without the snapshot (404), or with one of another format, gets the paged feed from the start', async () => {
    const [header] = snapshotLines('42', []);
    for (const answer of [() => new Response(null, { status: 404 }), () => ndjson([{ ...header, format: SNAPSHOT_FORMAT + 1 }, { end: true }])]) {
      const only = makeRestroom({ name: 'From the feed' });
      const { fetch } = scriptedFetch([answer]);
      const { db, store, engine, api } = device(fetch, [makePage({ cursor: '9', restrooms: [only] })]);
      expect(await engine.pull()).toBe('synced');
      expect(api.asked).toEqual([undefined]);
      expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['From the feed']);
      expect(store.size).toBe(1);
    }
  });

  it('a worker whose script never loaded fails the pull as offline, and the next pull tries a new worker', async () => {
    const name = `worker-first-sync-${++dbCount}`;
    const db = createDb(name);
    opened.push(db);
    const store = new MirrorStore();
    void store.load(db);
    let started = 0;
    const broken = (): SnapshotWorkerPort => {
      started++;
      const port: SnapshotWorkerPort = {
        onmessage: null,
        onerror: null,
        postMessage: () => queueMicrotask(() => port.onerror?.(new Event('error') as ErrorEvent)),
        terminate: () => undefined,
      };
      return port;
    };
    const firstSync = createWorkerFirstSync({ store, channel: null, dbName: name, startWorker: broken });
    const engine = createSyncEngine({ db, api: feed([]), writer: createMirrorWriter({ db, store, channel: null }), clock: tickingClock(), firstSync });
    expect(await engine.pull()).toBe('failed');
    expect(engine.getStatus().state).toBe('offline');
    expect(await engine.pull()).toBe('failed');
    expect(started).toBe(2);
  });
});
