import type { OutboxLocks } from './outbox';

/*
 * What the page and the service worker agree on to send the outbox: the background-sync tag and
 * the lock. Kept free of DOM globals, since the service worker imports it too.
 */

/** The tag of the background-sync registration the service worker answers by sending the outbox. */
export const OUTBOX_SYNC_TAG = 'allstall-outbox';

/** Web Locks where the context has them (every current browser, in pages and service workers alike). */
export function webLocks(nav: { locks?: unknown } | undefined): OutboxLocks | undefined {
  const locks = nav?.locks as { request?: (name: string, callback: () => Promise<void>) => Promise<void> } | undefined;
  const request = locks?.request?.bind(locks);
  if (!request) return undefined;
  return { request: (name, callback) => request(name, callback) };
}
