import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '@allstall/shared';
import { createDb, type AllstallDb } from '../db/db';
import type { Clock } from '../device/clock';
import { idleTimers } from '@/test/clock';
import { createSyncEngine, type SyncEngine, type SyncEnvironment } from './sync-engine';
import { createMirrorWriter } from './mirror-writer';
import { MirrorStore } from './mirror-store';
import { makePage } from '@/test/fixtures';

/** A clock whose interval the test fires by hand and whose time the test moves. */
function manualClock() {
  let now = 1_000_000;
  let tick: (() => void) | null = null;
  const clock: Clock = {
    ...idleTimers,
    now: () => now,
    setInterval: (callback) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  };
  return { clock, advance: (ms: number) => (now += ms), fire: () => tick?.(), hasTimer: () => tick !== null };
}

function environment() {
  const events = new EventTarget();
  const visibility = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const env: SyncEnvironment = { events, visibility, isOnline: () => true };
  return { env, events, visibility };
}

let db: AllstallDb;

/** The engine's one way into the mirror, over a store loaded from `db`. */
function writerFor(database: AllstallDb) {
  const store = new MirrorStore();
  void store.load(database);
  return createMirrorWriter({ db: database, store, channel: null });
}
let requests = 0;
const api = {
  async syncPage(): Promise<SyncPage> {
    requests++;
    return makePage({ cursor: String(requests) });
  },
  // A server without the snapshot route: these tests are about when pulls happen, not what they bring.
  syncSnapshot: () => Promise.resolve(null),
};

/**
 * Waits for the pull a trigger has just started. A trigger starts its pull at once, so the engine
 * already says 'syncing'; pull() then hands back that running pull rather than starting another.
 * Waiting for the pull itself, not for a while, matters: a trigger that meets a pull still running
 * joins it instead of pulling again, so a slow first pull would hide the next trigger's own.
 */
async function pullFinishes(engine: SyncEngine): Promise<void> {
  expect(engine.getStatus().state).toBe('syncing');
  await engine.pull();
}

/** No trigger started a pull: one would have set 'syncing' at once. */
function noPullStarted(engine: SyncEngine): void {
  expect(engine.getStatus().state).not.toBe('syncing');
}

beforeEach(async () => {
  requests = 0;
  db = createDb(`sync-trigger-test-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('sync engine triggers', () => {
  it('pulls at start, when back online, on each interval, and stops cleanly', async () => {
    const { clock, fire, hasTimer } = manualClock();
    const { env, events } = environment();
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, env });

    const stop = engine.start();
    await pullFinishes(engine);
    expect(requests).toBe(1);

    events.dispatchEvent(new Event('online'));
    await pullFinishes(engine);
    expect(requests).toBe(2);

    fire();
    await pullFinishes(engine);
    expect(requests).toBe(3);

    stop();
    expect(hasTimer()).toBe(false);
    events.dispatchEvent(new Event('online'));
    noPullStarted(engine);
    expect(requests).toBe(3);
  });

  it('pulls on focus or visibility only when the last pull is not fresh', async () => {
    const { clock, advance } = manualClock();
    const { env, events, visibility } = environment();
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, env, minTriggerGapMs: 30_000 });
    const stop = engine.start();
    await pullFinishes(engine);
    expect(requests).toBe(1);

    events.dispatchEvent(new Event('focus'));
    visibility.dispatchEvent(new Event('visibilitychange'));
    noPullStarted(engine);
    expect(requests).toBe(1);

    advance(31_000);
    visibility.dispatchEvent(new Event('visibilitychange'));
    await pullFinishes(engine);
    expect(requests).toBe(2);
    stop();
  });

  it('shows offline when the browser says so, without waiting for a failed request', async () => {
    const { clock } = manualClock();
    const { env, events } = environment();
    const engine = createSyncEngine({ db, api, writer: writerFor(db), clock, env });
    const stop = engine.start();
    await pullFinishes(engine);
    events.dispatchEvent(new Event('offline'));
    expect(engine.getStatus().state).toBe('offline');
    stop();
  });
});
