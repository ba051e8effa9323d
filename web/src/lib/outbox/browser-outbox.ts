import { OUTBOX_SYNC_TAG, webLocks } from './background-sync';
import type { OutboxEnvironment } from './outbox';

/**
 * Registers the background sync (Chromium); elsewhere there is no such event and the page's own
 * triggers (start, online, focus) send the queue.
 */
interface SyncCapableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & SyncCapableRegistration;
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permission) or unsupported: the page's triggers still send it.
  }
}

export function browserOutboxEnvironment(): OutboxEnvironment {
  return {
    locks: webLocks(typeof navigator === 'undefined' ? undefined : navigator),
    events: typeof window === 'undefined' ? undefined : window,
    requestBackgroundSync: import.meta.env.PROD ? requestBackgroundSync : undefined,
  };
}
