/// <reference lib="webworker" />
import { createApiClient } from '../lib/api/api-client';
import { eagerContractChecker } from '../lib/api/contract-eager';
import { createDb, metaGet } from '../lib/db/db';
import { webLocks } from '../lib/device/environment';
import { OUTBOX_SYNC_TAG } from '../lib/outbox/background-sync';
import { createOutbox } from '../lib/outbox/outbox';
import { createMirrorWriter } from '../lib/sync/mirror-writer';

/** Background Sync is Chromium-only and not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Sends the outbox when the browser says the connection is back, even with no page open: a comment
 * left in a basement arrives once the phone finds signal in a pocket. The page and this worker share
 * the IndexedDB queue and a Web Lock, so a write is never sent by both.
 */
export function registerOutboxSync(scope: ServiceWorkerGlobalScope): void {
  const db = createDb();
  // No restrooms in this worker's memory: answers go to IndexedDB through the mirror's one writer,
  // which tells open tabs (BroadcastChannel 'allstall-mirror') which buckets to read again.
  const mirror = createMirrorWriter({ db, store: null });
  const api = createApiClient({ contract: eagerContractChecker });
  const outbox = createOutbox({ db, api, mirror, env: { locks: webLocks(scope.navigator) } });

  async function sendQueue(): Promise<void> {
    await outbox.flush({ force: true });
    const user = await metaGet(db, 'user');
    const waiting = await db.outbox
      .where('status')
      .equals('pending')
      .filter((row) => row.userId === user?.id)
      .count();
    // Failing the event makes the browser fire it again later, with its own backoff.
    if (waiting > 0) throw new Error(`${waiting} writes still waiting for a connection`);
  }

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendQueue());
  });
}
