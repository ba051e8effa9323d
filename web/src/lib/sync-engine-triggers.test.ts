import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '@allstall/shared';
import { createDb, type AllstallDb } from './db';
import { createSyncEngine, type Clock, type SyncEnvironment } from './sync-engine';
import { makePage } from '../test/fixtures';

/** A clock whose interval the test fires by hand and whose time the test moves. */
function manualClock() {
  let now = 1_000_000;
  let tick: (() => void) | null = null;
  const clock: Clock = {
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
let requests = 0;
const api = {
  async syncPage(): Promise<SyncPage> {
    requests++;
    return makePage({ cursor: String(requests) });
  },
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    const engine = createSyncEngine({ db, api, clock, env });

    const stop = engine.start();
    await settle();
    expect(requests).toBe(1);

    events.dispatchEvent(new Event('online'));
    await settle();
    expect(requests).toBe(2);

    fire();
    await settle();
    expect(requests).toBe(3);

    stop();
    expect(hasTimer()).toBe(false);
    events.dispatchEvent(new Event('online'));
    await settle();
    expect(requests).toBe(3);
  });

  it('pulls on focus or visibility only when the last pull is not fresh', async () => {
    const { clock, advance } = manualClock();
    const { env, events, visibility } = environment();
    const engine = createSyncEngine({ db, api, clock, env, minTriggerGapMs: 30_000 });
    const stop = engine.start();
    await settle();
    expect(requests).toBe(1);

    events.dispatchEvent(new Event('focus'));
    visibility.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(requests).toBe(1);

    advance(31_000);
    visibility.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(requests).toBe(2);
    stop();
  });

  it('shows offline when the browser says so, without waiting for a failed request', async () => {
    const { clock } = manualClock();
    const { env, events } = environment();
    const engine = createSyncEngine({ db, api, clock, env });
    const stop = engine.start();
    await settle();
    events.dispatchEvent(new Event('offline'));
    expect(engine.getStatus().state).toBe('offline');
    stop();
  });
});
