import type { LatLng } from '@allstall/shared';
import { createApiClient } from '../lib/api/api-client';
import type { Clock } from '../lib/device/clock';
import { eagerContractChecker } from '../lib/api/contract-eager';
import { createDb } from '../lib/db/db';
import type { MirrorStore } from '../lib/sync/mirror-store';
import { runSnapshotJob, type SnapshotJobMessage } from '../lib/sync/snapshot-job';
import type { SnapshotWorkerPort } from '../lib/sync/snapshot-worker-port';
import { idleTimers } from './clock';

/** A clock that moves a second per reading, so a flush interval of 1.5 s flushes every other line. */
export function tickingClock(): Clock {
  let now = 1_700_000_000_000;
  return { ...idleTimers, now: () => (now += 1000) };
}

/**
 * The page's end of a snapshot worker that runs the job here (`runSnapshotJob`, what the worker's
 * script runs), on its own Dexie connection to the same fake-indexeddb database: its messages are
 * cloned and delivered later and in order, as postMessage would, none after terminate(); it says
 * 'ready' first, as the worker's script does once loaded. Each delivered message is noted with what
 * the page's `store` held right after it, and the streams the page transferred are kept.
 */
export function inProcessWorker(fetch: typeof globalThis.fetch, store: MirrorStore) {
  const delivered: Array<{ message: SnapshotJobMessage; pageRows: number }> = [];
  const transferred: Transferable[] = [];
  /** Where the page said the person looks, in order: with the request, then each change. */
  const focusesHeard: LatLng[] = [];
  let started = 0;
  let terminated = 0;
  const start = (): SnapshotWorkerPort => {
    started++;
    let ended = false;
    let focus: LatLng = { lat: 0, lng: 0 };
    let queue = Promise.resolve();
    const post = (message: SnapshotJobMessage) => {
      const copy = structuredClone(message);
      queue = queue.then(() => {
        if (ended) return;
        port.onmessage?.({ data: copy } as MessageEvent<SnapshotJobMessage>);
        delivered.push({ message: copy, pageRows: store.size });
      });
    };
    const port: SnapshotWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage(message, transfer = []) {
        focus = message.focus;
        focusesHeard.push(message.focus);
        if (!('dbName' in message)) return;
        transferred.push(...transfer);
        const db = createDb(message.dbName);
        const api = createApiClient({ contract: eagerContractChecker, fetch });
        void runSnapshotJob({ db, api, body: message.body, focus: () => focus, clock: tickingClock(), flushEveryMs: 1500, post }).finally(() => db.close());
      },
      terminate() {
        ended = true;
        terminated++;
      },
    };
    post({ kind: 'ready' });
    return port;
  };
  return { start, delivered, transferred, focusesHeard, started: () => started, terminated: () => terminated };
}
