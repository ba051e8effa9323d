import type { MapPack } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import type { Clock } from '@/lib/device/clock';
import { MapPackStore, type MapPackStoreOptions, type PackWorkerPort } from './map-pack-store';
import type { PackFolderState } from './pack-storage';
import type { PackWorkerAnswer, PackWorkerRequest } from './pack-worker-messages';

/*
 * The store's decisions, with the worker's side played by the test: what it is asked, and what it
 * answers. The bytes themselves are pack-download.test.ts's and the end-to-end tests'.
 */

const PACK: MapPack = {
  url: '/map-pack/v2.pmtiles',
  bytes: 1_000_000,
  bounds: [-93.29, 44.96, -93.24, 44.995],
  min_zoom: 0,
  max_zoom: 15,
  kind: 'vector',
  tile_type: 'mvt',
  version: 'v2',
  attribution: 'Protomaps © OpenStreetMap',
};

class ScriptedWorker implements PackWorkerPort {
  readonly asked: PackWorkerRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<PackWorkerAnswer>) => void) | null = null;
  postMessage(message: PackWorkerRequest): void {
    this.asked.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: PackWorkerAnswer): void {
    this.onmessage?.({ data: message } as MessageEvent<PackWorkerAnswer>);
  }
}

/** Timers run when the test says so. */
function manualClock() {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  const clock: Clock = {
    now: () => 0,
    setTimeout: (callback, ms) => {
      timers.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    setInterval: () => 0,
    clearInterval: () => {},
  };
  const runAll = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const timer of due) timer.callback();
    return due.map((timer) => timer.ms);
  };
  return { clock, runAll, pending: () => [...timers.values()].map((timer) => timer.ms) };
}

function setUp(folder: PackFolderState = { saved: [], partial: null }, overrides: Partial<MapPackStoreOptions> = {}) {
  const workers: ScriptedWorker[] = [];
  const removed: Array<string | null> = [];
  let paused: string | null = null;
  const persisted: boolean[] = [];
  const time = manualClock();
  const store = new MapPackStore({
    pack: PACK,
    readFolder: async () => folder,
    removePacks: async (keep) => {
      removed.push(keep);
    },
    storage: {
      estimate: async () => ({ quota: 50_000_000, usage: 1_000_000 }),
      persist: async () => {
        persisted.push(true);
        return true;
      },
    },
    startWorker: () => {
      const worker = new ScriptedWorker();
      workers.push(worker);
      return worker;
    },
    pausedByPerson: { get: () => paused, set: (version) => (paused = version) },
    isOnline: () => true,
    clock: time.clock,
    ...overrides,
  });
  return { store, workers, removed, persisted, time, paused: () => paused };
}

describe('the map pack on the device', () => {
  it('offers the pack when nothing is saved, and saves it after asking the browser to keep the data', async () => {
    const { store, workers, persisted } = setUp();
    await store.load();
    expect(store.getState()).toEqual({ reading: false, saved: null, download: { status: 'idle' } });
    await store.save();
    expect(persisted).toEqual([true]);
    expect(workers[0]!.asked).toEqual([{ type: 'start', url: PACK.url, version: 'v2', total: PACK.bytes }]);
    workers[0]!.answer({ type: 'progress', received: 400_000 });
    expect(store.getState().download).toEqual({ status: 'saving', received: 400_000, total: PACK.bytes });
    workers[0]!.answer({ type: 'saved', version: 'v2' });
    expect(store.getState()).toMatchObject({ saved: { version: 'v2', bytes: PACK.bytes }, download: { status: 'idle' } });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('says plainly when the browser grants too little space, and starts nothing', async () => {
    const { store, workers } = setUp(undefined, { storage: { estimate: async () => ({ quota: 600_000, usage: 100_000 }) } });
    await store.load();
    await store.save();
    expect(store.getState().download).toEqual({ status: 'no-space', needed: PACK.bytes, free: 500_000 });
    expect(workers).toHaveLength(0);
  });

  it('counts only the bytes still to come against the space when a saved part is resumed', async () => {
    const { store, workers } = setUp(
      { saved: [], partial: { version: 'v2', bytes: 700_000 } },
      { storage: { estimate: async () => ({ quota: 400_000, usage: 0 }) } },
    );
    await store.load();
    workers[0]!.answer({ type: 'paused', received: 700_000 });
    // 300 kB to come, 400 kB free: enough, though the whole pack would not fit.
    await store.save();
    expect(workers).toHaveLength(2);
    expect(store.getState().download).toEqual({ status: 'saving', received: 700_000, total: PACK.bytes });
  });

  it('resumes after a reload where it stopped, unless the person had paused it', async () => {
    const running = setUp({ saved: [], partial: { version: 'v2', bytes: 420_000 } });
    await running.store.load();
    expect(running.store.getState().download).toEqual({ status: 'saving', received: 420_000, total: PACK.bytes });

    running.store.pause();
    expect(running.workers[0]!.asked.at(-1)).toEqual({ type: 'pause' });
    expect(running.paused()).toBe('v2');
    const again = setUp({ saved: [], partial: { version: 'v2', bytes: 420_000 } }, { pausedByPerson: { get: () => 'v2', set: () => {} } });
    await again.store.load();
    expect(again.store.getState().download).toEqual({ status: 'paused', received: 420_000, total: PACK.bytes });
    expect(again.workers).toHaveLength(0);
  });

  it('tries again after a lost connection, waiting longer each time, and at once when the connection is back', async () => {
    const { store, workers, time } = setUp();
    await store.load();
    await store.save();
    workers[0]!.answer({ type: 'failed', reason: 'network', received: 300_000 });
    expect(store.getState().download).toEqual({ status: 'waiting', received: 300_000, total: PACK.bytes });
    expect(time.runAll()).toEqual([2_000]);
    expect(workers).toHaveLength(2);
    workers[1]!.answer({ type: 'failed', reason: 'network', received: 300_000 });
    expect(time.pending()).toEqual([5_000]);
    store.online();
    expect(time.pending()).toEqual([]);
    expect(workers).toHaveLength(3);
    expect(store.getState().download.status).toBe('saving');
  });

  it('keeps an older saved pack drawing until the new version is saved, then deletes it', async () => {
    const { store, workers, removed } = setUp({ saved: [{ version: 'v1', bytes: 900_000 }], partial: null });
    await store.load();
    expect(store.getState()).toMatchObject({ saved: { version: 'v1' }, download: { status: 'idle' } });
    await store.save();
    workers[0]!.answer({ type: 'saved', version: 'v2' });
    expect(store.getState().saved).toEqual({ version: 'v2', bytes: PACK.bytes });
    expect(removed).toEqual(['v2']);
  });

  it('deletes everything once the worker has let go of the file', async () => {
    const { store, workers, removed } = setUp();
    await store.load();
    await store.save();
    const removing = store.remove();
    expect(workers[0]!.asked.at(-1)).toEqual({ type: 'pause' });
    expect(removed).toEqual([]);
    workers[0]!.answer({ type: 'paused', received: 10 });
    await removing;
    expect(removed).toEqual([null]);
    expect(store.getState()).toMatchObject({ saved: null, download: { status: 'idle' } });
  });

  it('words a failure it cannot retry, and a download another tab runs', async () => {
    const { store, workers } = setUp();
    await store.load();
    await store.save();
    workers[0]!.answer({ type: 'failed', reason: 'space', received: 0 });
    expect(store.getState().download).toEqual({ status: 'failed', reason: 'space' });
    await store.save();
    workers[1]!.answer({ type: 'busy' });
    expect(store.getState().download).toEqual({ status: 'busy' });
  });
});
