/*
 * The surroundings the sync engine and the outbox react to, as one type; each piece is optional so
 * they run in tests, in old browsers and in the service worker. Kept free of DOM globals, since the
 * service worker imports it too: pages build theirs with `browserEnvironment()`.
 */

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** The short form of Web Locks: waits its turn for the exclusive lock, then runs the callback. */
export interface ExclusiveLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

type LockOptions = { ifAvailable: true } | { mode: 'shared' };

/**
 * Web Locks with options, for a callback that resolves to T: `ifAvailable` runs the callback at once,
 * with null when another holds the lock; `mode: 'shared'` waits until no one holds it exclusively.
 */
export interface OptionLocks<T> {
  request(name: string, options: LockOptions, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** The browser's Web Locks: both forms, for a callback of any result. */
export type WebLocks = ExclusiveLocks & {
  request<T>(name: string, options: LockOptions, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

export interface Environment {
  locks?: WebLocks | undefined;
  /** Receives `online`, `offline` and `focus` (the window). */
  events?: EventSource | undefined;
  /** Receives `visibilitychange` (the document). */
  visibility?: (EventSource & { visibilityState: string }) | undefined;
  isOnline?: (() => boolean) | undefined;
  /** Asks the service worker to send the outbox when the connection comes back, even with no page open. */
  requestBackgroundSync?: (() => Promise<void>) | undefined;
}

/** Web Locks where the context has them (every current browser, in pages and service workers alike). */
export function webLocks(nav: { locks?: unknown } | undefined): WebLocks | undefined {
  const locks = nav?.locks as { request?: (...args: unknown[]) => Promise<unknown> } | undefined;
  const request = locks?.request?.bind(locks);
  if (!request) return undefined;
  return { request: (...args: unknown[]) => request(...args) } as WebLocks;
}
