import type { SyncPage } from '@allstall/shared';
import type { ApiClient } from './api-client';
import { NetworkError } from './api-client';
import type { AllstallDb } from './db';
import { metaGet, metaSet } from './db';

export type SyncState = 'idle' | 'syncing' | 'error' | 'offline';

export interface SyncStatus {
  state: SyncState;
  /** Epoch ms of the last complete pull, from this device's memory; null before the first one. */
  lastSyncedAt: number | null;
  /** Why the last pull failed, for logs and tooltips; null after success. */
  error: string | null;
}

export type PullOutcome = 'synced' | 'failed' | 'skipped';

/** Time and timers come in from outside so tests can run the engine without waiting or faking globals. */
export interface Clock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

type LockRequest = (
  name: string,
  options: { ifAvailable: true } | { mode: 'shared' },
  callback: (lock: unknown) => Promise<PullOutcome>,
) => Promise<PullOutcome>;

/** The browser surroundings the engine reacts to; each piece is optional so it runs in tests and old browsers. */
export interface SyncEnvironment {
  locks?: { request: LockRequest } | undefined;
  /** Receives `online`, `offline` and `focus` (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
  /** Receives `visibilitychange` (the document). */
  visibility?: (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string }) | undefined;
  isOnline?: (() => boolean) | undefined;
}

export interface SyncEngineOptions {
  db: AllstallDb;
  api: Pick<ApiClient, 'syncPage'>;
  clock: Clock;
  env?: SyncEnvironment;
  pageSize?: number;
  intervalMs?: number;
  /** Focus and visibility fire often; a pull younger than this is fresh enough for them. */
  minTriggerGapMs?: number;
}

export interface SyncEngine {
  /** Pulls every page the server has. Never rejects: the outcome and `status` say what happened. */
  pull(): Promise<PullOutcome>;
  /** Wires the triggers (now, online, focus, visible, every few minutes). Returns the matching stop. */
  start(): () => void;
  getStatus(): SyncStatus;
  subscribe(listener: () => void): () => void;
}

const LOCK_NAME = 'allstall-sync';
/** A runaway server (more: true forever) must not keep a phone busy; 1,000 pages is far past any real feed. */
const MAX_PAGES = 1000;

export function browserSyncEnvironment(): SyncEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const locks = nav && 'locks' in nav && nav.locks ? (nav.locks as unknown as { request: LockRequest }) : undefined;
  return {
    locks,
    events: typeof window === 'undefined' ? undefined : window,
    visibility: typeof document === 'undefined' ? undefined : document,
    isOnline: () => (nav ? nav.onLine !== false : true),
  };
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, api, clock } = options;
  const env = options.env ?? {};
  const pageSize = options.pageSize ?? 1000;
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const minTriggerGapMs = options.minTriggerGapMs ?? 30_000;

  let status: SyncStatus = { state: 'idle', lastSyncedAt: null, error: null };
  const listeners = new Set<() => void>();
  let inFlight: Promise<PullOutcome> | null = null;

  function setStatus(next: Partial<SyncStatus>): void {
    status = { ...status, ...next };
    for (const listener of listeners) listener();
  }

  async function pullAllPages(): Promise<PullOutcome> {
    setStatus({ state: 'syncing' });
    try {
      let cursor = await metaGet(db, 'syncCursor');
      for (let pages = 0; pages < MAX_PAGES; pages++) {
        const page = await api.syncPage({ since: cursor, limit: pageSize });
        const finished = !page.more;
        const at = clock.now();
        await applySyncPage(db, page, finished ? at : null);
        if (finished) {
          setStatus({ state: 'idle', lastSyncedAt: at, error: null });
          return 'synced';
        }
        if (page.cursor === cursor) throw new Error('Sync feed did not advance');
        cursor = page.cursor;
      }
      throw new Error('Sync feed did not end');
    } catch (error) {
      const offline = error instanceof NetworkError || env.isOnline?.() === false;
      setStatus({ state: offline ? 'offline' : 'error', error: error instanceof Error ? error.message : String(error) });
      return 'failed';
    }
  }

  function pull(): Promise<PullOutcome> {
    // Callers in this tab share the running pull instead of starting a second sequence of requests.
    if (inFlight) return inFlight;
    const locks = env.locks;
    const run = locks
      ? locks
          .request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? pullAllPages() : Promise.resolve('skipped')))
          .then((outcome) => (outcome === 'skipped' ? adoptOtherTabsPull(locks) : outcome))
      : pullAllPages();
    inFlight = run.finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * Another tab holds the lock and is pulling into the same IndexedDB, whose writes this tab's live
   * queries already see. Waiting for it to finish and taking over its result keeps this tab's status
   * (and its "first sync done" signal) honest without a second download.
   */
  async function adoptOtherTabsPull(locks: { request: LockRequest }): Promise<PullOutcome> {
    await locks.request(LOCK_NAME, { mode: 'shared' }, async () => 'skipped');
    const at = await metaGet(db, 'lastSyncedAt');
    if (at !== undefined && (status.lastSyncedAt === null || at > status.lastSyncedAt)) {
      setStatus({ state: 'idle', lastSyncedAt: at, error: null });
    }
    return 'skipped';
  }

  function pullIfStale(): void {
    const last = status.lastSyncedAt;
    if (last !== null && status.state === 'idle' && clock.now() - last < minTriggerGapMs) return;
    void pull();
  }

  function start(): () => void {
    const onOnline = () => void pull();
    const onOffline = () => {
      if (status.state !== 'syncing') setStatus({ state: 'offline' });
    };
    const onFocus = () => pullIfStale();
    const onVisibility = () => {
      if (env.visibility?.visibilityState === 'visible') pullIfStale();
    };
    env.events?.addEventListener('online', onOnline);
    env.events?.addEventListener('offline', onOffline);
    env.events?.addEventListener('focus', onFocus);
    env.visibility?.addEventListener('visibilitychange', onVisibility);
    const timer = clock.setInterval(() => void pull(), intervalMs);
    void metaGet(db, 'lastSyncedAt').then((at) => {
      if (at !== undefined && status.lastSyncedAt === null) setStatus({ lastSyncedAt: at });
    });
    void pull();
    return () => {
      env.events?.removeEventListener('online', onOnline);
      env.events?.removeEventListener('offline', onOffline);
      env.events?.removeEventListener('focus', onFocus);
      env.visibility?.removeEventListener('visibilitychange', onVisibility);
      clock.clearInterval(timer);
    };
  }

  return {
    pull,
    start,
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Applies one page and its cursor atomically: a crash or a closed tab mid-pull leaves the mirror at
 * the previous cursor with matching data, so the next pull simply asks again from there.
 */
export async function applySyncPage(db: AllstallDb, page: SyncPage, finishedAt: number | null): Promise<void> {
  await db.transaction('rw', db.restrooms, db.comments, db.meta, async () => {
    if (page.reset) {
      await db.restrooms.clear();
      await db.comments.clear();
    }
    // Deletions first: a row that left and came back within one page ends up present.
    await db.restrooms.bulkDelete(page.deleted.restrooms);
    await db.comments.bulkDelete(page.deleted.comments);
    await db.restrooms.bulkPut(page.restrooms);
    await db.comments.bulkPut(page.comments);
    await metaSet(db, 'syncCursor', page.cursor);
    if (finishedAt !== null) await metaSet(db, 'lastSyncedAt', finishedAt);
  });
}
