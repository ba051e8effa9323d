import type { Environment } from './environment';
import { webLocks } from './environment';
import { OUTBOX_SYNC_TAG } from '../outbox/background-sync';

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

/** A page's surroundings, from the browser's globals: what the sync engine and the outbox both take. */
export function browserEnvironment(): Environment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    locks: webLocks(nav),
    events: typeof window === 'undefined' ? undefined : window,
    visibility: typeof document === 'undefined' ? undefined : document,
    isOnline: () => (nav ? nav.onLine !== false : true),
    requestBackgroundSync: import.meta.env.PROD ? requestBackgroundSync : undefined,
  };
}
