import type { OutboxEnvironment, OutboxLocks } from './outbox';

/** The tag of the background-sync registration the service worker answers by sending the outbox. */
export const OUTBOX_SYNC_TAG = 'allstall-outbox';

interface SyncCapableRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Web Locks where the browser has them (every current one, in pages and service workers alike). */
export function webLocks(nav: { locks?: unknown } | undefined): OutboxLocks | undefined {
  const locks = nav?.locks as { request?: (name: string, callback: () => Promise<void>) => Promise<void> } | undefined;
  if (!locks?.request) return undefined;
  return { request: (name, callback) => locks.request!(name, callback) };
}

/**
 * Registers the background sync (Chromium); elsewhere there is no such event and the page's own
 * triggers (start, online, focus) send the queue.
 */
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
