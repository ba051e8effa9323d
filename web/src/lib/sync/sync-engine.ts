import { SYNC_PAGE_CHANGES, type SyncPage } from '@allstall/shared';
import type { ApiClient } from '../api/api-client';
import { NetworkError } from '../api/api-client';
import type { Clock } from '../device/clock';
import type { AllstallDb } from '../db/db';
import { metaGet } from '../db/db';
import type { Environment, OptionLocks } from '../device/environment';
import type { MirrorWriter } from './mirror-writer';
import { createSyncFocus, type SyncFocus } from './sync-focus';

type SyncState = 'idle' | 'syncing' | 'error' | 'offline';

export interface SyncStatus {
  state: SyncState;
  /** Epoch ms of the last complete pull, from this device's memory; null before the first one. */
  lastSyncedAt: number | null;
  /** Why the last pull failed, for logs and tooltips; null after success. */
  error: string | null;
  /** While a first sync runs: how many restrooms are saved on the device (only ever climbing) of how many. */
  progress: SyncProgress | null;
  /** Whether the device holds every restroom (a first sync has ended); null until read from IndexedDB. */
  holdsAll: boolean | null;
}

export interface SyncProgress {
  saved: number;
  total: number;
  /**
   * A first sync in pieces: every piece's key in its index, and the keys of those whose every row
   * is in this tab's memory. The list shows the server's nearby answer where what is held cannot
   * answer yet (features/restrooms-list/use-nearby-first.ts).
   */
  pieces?: { all: readonly string[]; held: readonly string[] };
}

export type PullOutcome = 'synced' | 'failed' | 'skipped';

/**
 * A first sync run elsewhere than the page's main thread (`worker-first-sync.ts`): it clears the
 * mirror (or resumes one cut short), stores the pieces and their cursor (only with the last write), and reports the progress.
 * Resolves with the snapshot's cursor, or undefined when the server has no snapshot; rejects as the
 * in-page path does (`NetworkError` when the connection was lost).
 */
export interface FirstSyncSource {
  run(onProgress: (progress: SyncProgress) => void): Promise<string | undefined>;
}

/** What the engine reacts to of its surroundings: locks with options, the window's events, visibility, being online. */
export type SyncEnvironment = Pick<Environment, 'events' | 'visibility' | 'isOnline'> & { locks?: OptionLocks<PullOutcome> | undefined };

export interface SyncEngineOptions {
  db: AllstallDb;
  api: Pick<ApiClient, 'syncPage' | 'syncSnapshot'>;
  /** Every restroom the engine pulls goes into the mirror through this. */
  writer: MirrorWriter;
  clock: Clock;
  env?: SyncEnvironment;
  pageSize?: number;
  intervalMs?: number;
  /** Focus and visibility fire often; a pull younger than this is fresh enough for them. */
  minTriggerGapMs?: number;
  /**
   * During a first sync, rows applied in memory are saved to IndexedDB at most this often (and at
   * the end); a pull of many feed pages writes them together at this pace too.
   */
  flushEveryMs?: number;
  /**
   * Where the first sync runs: the browser's snapshot worker. Without one (no Worker, as in the unit
   * tests) the engine streams the snapshot through `api.syncSnapshot` on this thread.
   */
  firstSync?: FirstSyncSource | null;
  /** Where the person is looking, for the first sync's order of pieces; one of its own by default. */
  focus?: SyncFocus;
  /** Lets the page breathe between snapshot lines; defaults to `yieldToMain`. */
  yieldToMain?: () => Promise<void>;
  /**
   * Called after every pull that ends with every restroom saved: the page asks the browser to keep
   * them then (`askToKeepData`, which asks once per device), never before they are there.
   */
  onSaved?: () => void;
}

export interface SyncEngine {
  /** Pulls every page the server has. Never rejects: the outcome and `status` say what happened. */
  pull(): Promise<PullOutcome>;
  /** Wires the triggers (now, online, focus, visible, every few minutes). Returns the matching stop. */
  start(): () => void;
  getStatus(): SyncStatus;
  subscribe(listener: () => void): () => void;
  /** Where the person is looking: the list sets it, and a first sync fetches the pieces nearest it first. */
  readonly focus: SyncFocus;
}

const LOCK_NAME = 'allstall-sync';
/** A runaway server (more: true forever) must not keep a phone busy; 1,000 pages is far past any real feed. */
const MAX_PAGES = 1000;

/**
 * Ends the current task so input and rendering run between two pieces of work. Not
 * `scheduler.yield()`: its continuation goes before other queued tasks, so a download of a hundred
 * lines kept React from drawing the list until most of it had been applied. A message posted to
 * oneself queues behind what is already waiting (React's own scheduler posts messages too), and,
 * unlike a nested `setTimeout(0)`, is not held back 4 ms each time.
 */
function yieldToMain(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, api, clock, writer } = options;
  const flushEveryMs = options.flushEveryMs ?? 1500;
  const pause = options.yieldToMain ?? yieldToMain;
  const env = options.env ?? {};
  const pageSize = options.pageSize ?? SYNC_PAGE_CHANGES;
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const minTriggerGapMs = options.minTriggerGapMs ?? 30_000;
  const focus = options.focus ?? createSyncFocus();

  let status: SyncStatus = { state: 'idle', lastSyncedAt: null, error: null, progress: null, holdsAll: null };
  const listeners = new Set<() => void>();
  let inFlight: Promise<PullOutcome> | null = null;

  function setStatus(next: Partial<SyncStatus>): void {
    status = { ...status, ...next };
    for (const listener of listeners) listener();
  }

  /**
   * Without a cursor (a new device, or one whose last first sync was cut short) the mirror starts
   * from the server's snapshot; then, and on every later pull, the feed brings what changed after
   * the cursor.
   */
  async function pullAllPages(): Promise<PullOutcome> {
    setStatus({ state: 'syncing' });
    try {
      let cursor = await metaGet(db, 'syncCursor');
      if (cursor === undefined) {
        // The device does not hold every restroom: the list may ask the server meanwhile.
        if (status.holdsAll !== false) setStatus({ holdsAll: false });
        cursor = await firstSyncFromSnapshot();
      }
      // No snapshot to start from: the feed from the beginning replaces whatever a cut-short sync left.
      let clear = cursor === undefined;
      // Pages received but not yet written: a long pull writes every `flushEveryMs`, not per page.
      let held: { page: SyncPage; clear: boolean } | null = null;
      let lastWrite = clock.now();
      for (let pages = 0; pages < MAX_PAGES; pages++) {
        const page = await api.syncPage({ since: cursor, limit: pageSize });
        if (page.reset && !clear) {
          // The server no longer has the changes since this cursor: start over, from a snapshot when there is one.
          setStatus({ holdsAll: false });
          const restarted = await firstSyncFromSnapshot();
          if (restarted !== undefined) {
            cursor = restarted;
            held = null;
            continue;
          }
        }
        const pageClears = clear || page.reset;
        held = held && !pageClears ? { page: mergePages(held.page, page), clear: held.clear } : { page, clear: pageClears };
        clear = false;
        const finished = !page.more;
        const at = clock.now();
        // The first page at once (the list shows it), then every so often, and the last.
        if (finished || pages === 0 || at - lastWrite >= flushEveryMs) {
          await writer.applyFeedPage(held.page, { clear: held.clear, finishedAt: finished ? at : null });
          held = null;
          lastWrite = clock.now();
        }
        if (finished) {
          setStatus({ state: 'idle', lastSyncedAt: at, error: null, progress: null, holdsAll: true });
          options.onSaved?.();
          return 'synced';
        }
        if (page.cursor === cursor) throw new Error('Sync feed did not advance');
        cursor = page.cursor;
      }
      throw new Error('Sync feed did not end');
    } catch (error) {
      const offline = error instanceof NetworkError || env.isOnline?.() === false;
      setStatus({ state: offline ? 'offline' : 'error', error: error instanceof Error ? error.message : String(error), progress: null });
      return 'failed';
    }
  }

  /**
   * Streams the first sync's pieces into the mirror, cleared or resumed (docs/offline-data.md#first-sync-in-pieces):
   * in the snapshot worker when there is one, on this thread otherwise (`in-page-first-sync.ts`,
   * fetched only then). The rows are saved every `flushEveryMs` and at the end, with the pieces
   * whole by then, the cursor only with the last flush; a download cut short leaves no cursor and
   * the pieces it stored, so the next pull fetches only the others. Resolves with the cursor, or
   * undefined when the server has no pieces.
   */
  async function firstSyncFromSnapshot(): Promise<string | undefined> {
    const source = options.firstSync ?? (await import('./in-page-first-sync')).createInPageFirstSync({ api, writer, clock, flushEveryMs, pause, focus });
    return source.run((progress) => setStatus({ progress }));
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
  async function adoptOtherTabsPull(locks: OptionLocks<PullOutcome>): Promise<PullOutcome> {
    await locks.request(LOCK_NAME, { mode: 'shared' }, async () => 'skipped');
    const at = await metaGet(db, 'lastSyncedAt');
    if (at !== undefined && (status.lastSyncedAt === null || at > status.lastSyncedAt)) {
      setStatus({ state: 'idle', lastSyncedAt: at, error: null, progress: null });
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
    void metaGet(db, 'syncCursor').then((cursor) => {
      if (status.holdsAll === null) setStatus({ holdsAll: cursor !== undefined });
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
    focus,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Two consecutive feed pages as one, for a single write: the later page's word on a row wins, so a
 * row put then deleted is deleted, and one deleted then put is present.
 */
export function mergePages(first: SyncPage, next: SyncPage): SyncPage {
  const merge = <T extends { id: string }>(rows: readonly T[], deleted: readonly string[], nextRows: readonly T[], nextDeleted: readonly string[]) => {
    const kept = new Map(rows.map((row) => [row.id, row] as const));
    const gone = new Set(deleted);
    for (const id of nextDeleted) {
      kept.delete(id);
      gone.add(id);
    }
    for (const row of nextRows) {
      gone.delete(row.id);
      kept.set(row.id, row);
    }
    return { rows: [...kept.values()], gone: [...gone] };
  };
  const restrooms = merge(first.restrooms, first.deleted.restrooms, next.restrooms, next.deleted.restrooms);
  const comments = merge(first.comments, first.deleted.comments, next.comments, next.deleted.comments);
  return {
    cursor: next.cursor,
    more: next.more,
    reset: first.reset,
    restrooms: restrooms.rows,
    comments: comments.rows,
    deleted: { restrooms: restrooms.gone, comments: comments.gone },
  };
}
