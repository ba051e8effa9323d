import { createApiClient } from '../api-client';
import { systemClock } from '../clock';
import { eagerContractChecker } from '../contract-eager';
import { createDb } from '../db';
import { runSnapshotJob, type SnapshotJobMessage, type SnapshotJobRequest } from './snapshot-job';
import * as snapshotLines from './snapshot-lines';

/*
 * The first-sync snapshot's own thread (a dedicated module worker, started by
 * `worker-first-sync.ts`, one per first sync): it fetches, decodes, parses, checks and stores the
 * snapshot, and posts the page what it draws. The checker is bundled rather than fetched lazily:
 * this chunk is never part of the first screen, the header is checked as soon as it arrives, and
 * React (which the lazy loader's retry helper sits beside) has no business in a worker. The line
 * reader is bundled too, so no second fetch stands between the answer and its first line.
 */

interface WorkerScope {
  onmessage: ((event: MessageEvent<SnapshotJobRequest>) => void) | null;
  postMessage(message: SnapshotJobMessage): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  scope.onmessage = null;
  const db = createDb(event.data.dbName);
  const api = createApiClient({ contract: eagerContractChecker, snapshotLines: () => Promise.resolve(snapshotLines) });
  void runSnapshotJob({ db, api, clock: systemClock, post: (message) => scope.postMessage(message) }).finally(() => db.close());
};
