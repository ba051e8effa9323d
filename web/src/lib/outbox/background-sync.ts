/*
 * What the page and the service worker agree on to send the outbox: the background-sync tag (and
 * the lock, `OUTBOX_LOCK_NAME`). Kept free of DOM globals, since the service worker imports it too.
 */

/** The tag of the background-sync registration the service worker answers by sending the outbox. */
export const OUTBOX_SYNC_TAG = 'allstall-outbox';
