import { createApiClient } from '../api/api-client';
import { systemClock } from '../device/clock';
import { eagerContractChecker } from '../api/contract-eager';
import { createDb } from '../db/db';
import type { LatLng } from '@allstall/shared';
import { runSnapshotJob, type SnapshotFocusMessage, type SnapshotJobMessage, type SnapshotJobRequest } from './snapshot-job';

/*
 * The first-sync snapshot's own thread (a dedicated module worker, started by
 * `worker-first-sync.ts`, one per first sync): it reads the snapshot's body the page hands it (or
 * fetches the snapshot where a stream cannot be handed over), decodes, parses, checks and stores
 * it, and posts the page what it draws; later messages say where the person now looks. It says 'ready' first: the page hands the body over only
 * then, so the body of a worker that never loaded is the page's to cancel. The checker is bundled
 * rather than fetched lazily: this chunk is never part of the first screen, the header is checked
 * as soon as it arrives, and React (which the lazy loader's retry helper sits beside) has no
 * business in a worker. The line reader is bundled too (`snapshot-job.ts` brings it), so no second
 * fetch stands between the answer and its first line.
 */

interface WorkerScope {
  onmessage: ((event: MessageEvent<SnapshotJobRequest | SnapshotFocusMessage>) => void) | null;
  postMessage(message: SnapshotJobMessage): void;
}

const scope = self as unknown as WorkerScope;
let focus: LatLng | null = null;

scope.onmessage = (event) => {
  const { data } = event;
  focus = data.focus;
  if (!('dbName' in data)) return;
  const db = createDb(data.dbName);
  const api = createApiClient({ contract: eagerContractChecker });
  void runSnapshotJob({ db, api, body: data.body, focus: () => focus ?? data.focus, clock: systemClock, post: (message) => scope.postMessage(message) }).finally(() =>
    db.close(),
  );
};
scope.postMessage({ kind: 'ready' });
