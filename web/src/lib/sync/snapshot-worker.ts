import { createApiClient } from '../api/api-client';
import { systemClock } from '../device/clock';
import { eagerContractChecker } from '../api/contract-eager';
import { createDb } from '../db/db';
import { runSnapshotJob, type SnapshotJobMessage, type SnapshotJobRequest } from './snapshot-job';

/*
 * The first-sync snapshot's own thread (a dedicated module worker, started by
 * `worker-first-sync.ts`, one per first sync): it reads the snapshot's body the page hands it (or
 * fetches the snapshot where a stream cannot be handed over), decodes, parses, checks and stores
 * it, and posts the page what it draws. It says 'ready' first: the page hands the body over only
 * then, so the body of a worker that never loaded is the page's to cancel. The checker is bundled
 * rather than fetched lazily: this chunk is never part of the first screen, the header is checked
 * as soon as it arrives, and React (which the lazy loader's retry helper sits beside) has no
 * business in a worker. The line reader is bundled too (`snapshot-job.ts` brings it), so no second
 * fetch stands between the answer and its first line.
 */

interface WorkerScope {
  onmessage: ((event: MessageEvent<SnapshotJobRequest>) => void) | null;
  postMessage(message: SnapshotJobMessage): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  scope.onmessage = null;
  const { dbName, body } = event.data;
  const db = createDb(dbName);
  const api = createApiClient({ contract: eagerContractChecker });
  void runSnapshotJob({ db, api, body, clock: systemClock, post: (message) => scope.postMessage(message) }).finally(() => db.close());
};
scope.postMessage({ kind: 'ready' });
