import type { MapPack } from '@allstall/shared';
import { systemClock, type Clock } from '@/lib/device/clock';
import type { PackFailureReason, PackWorkerAnswer, PackWorkerRequest } from './pack-worker-messages';
import type { PackFolderState } from './pack-storage';

/*
 * The map pack on this device, for the drawer's controls, the map's offer and the map's layer
 * (docs/map-pack.md#on-the-device): which version is saved, and how the download of the offered one
 * goes. One store per offered pack, shared by every screen; the bytes move in the download worker.
 */

export type PackDownload =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'no-space'; needed: number; free: number }
  | { status: 'saving'; received: number; total: number }
  | { status: 'paused'; received: number; total: number }
  /** The connection dropped: it goes on by itself once it can. */
  | { status: 'waiting'; received: number; total: number }
  | { status: 'failed'; reason: PackFailureReason }
  /** Another tab is saving it. */
  | { status: 'busy' };

export interface MapPackState {
  /** Still reading the device's folder: nothing to offer yet. */
  reading: boolean;
  /** The saved pack the map draws from: the offered version, or an older one until that is replaced. */
  saved: { version: string; bytes: number } | null;
  download: PackDownload;
}

/** The storage manager's part the store uses. */
interface PackStorageManager {
  estimate(): Promise<{ quota?: number; usage?: number }>;
  persist?(): Promise<boolean>;
}

/** The worker's side as the store sees it: a real Worker, or a test's stand-in. */
export interface PackWorkerPort {
  postMessage(message: PackWorkerRequest): void;
  onmessage: ((event: MessageEvent<PackWorkerAnswer>) => void) | null;
  terminate(): void;
}

export interface MapPackStoreOptions {
  pack: MapPack;
  readFolder(): Promise<PackFolderState>;
  removePacks(keep: string | null): Promise<void>;
  storage: PackStorageManager;
  startWorker(): PackWorkerPort;
  /** The person paused this version's download: a new start does not resume it by itself. */
  pausedByPerson: { get(): string | null; set(version: string | null): void };
  isOnline(): boolean;
  clock?: Clock;
}

/** Waits between tries after a lost connection, then the longest wait, repeated. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

export class MapPackStore {
  private state: MapPackState = { reading: true, saved: null, download: { status: 'idle' } };
  private readonly listeners = new Set<() => void>();
  private worker: PackWorkerPort | null = null;
  /** Settles once the worker running now has stopped and let go of its files. */
  private workerStopped: (() => void) | null = null;
  private retries = 0;
  private retryTimer: unknown = null;
  private readonly clock: Clock;
  private readonly pack: MapPack;

  constructor(private readonly options: MapPackStoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.pack = options.pack;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): MapPackState => this.state;

  private set(change: Partial<MapPackState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private setDownload(download: PackDownload): void {
    this.set({ download });
  }

  /** Reads what the device holds; a download a closed tab left going picks up where it stopped. */
  async load(): Promise<void> {
    const folder = await this.options.readFolder();
    const current = folder.saved.find((saved) => saved.version === this.pack.version);
    const saved = current ?? folder.saved[0] ?? null;
    this.set({ reading: false, saved });
    if (current !== undefined) {
      if (folder.saved.length > 1 || folder.partial !== null) await this.options.removePacks(current.version);
      return;
    }
    const partial = folder.partial?.version === this.pack.version ? folder.partial : null;
    if (partial === null) return;
    const received = Math.min(partial.bytes, this.pack.bytes);
    if (this.options.pausedByPerson.get() === this.pack.version) this.setDownload({ status: 'paused', received, total: this.pack.bytes });
    else this.start(received);
  }

  /** The person's Save: checks the space the browser grants, asks it to keep the data, and starts. */
  async save(): Promise<void> {
    const { status } = this.state.download;
    if (status === 'saving' || status === 'checking') return;
    const received = 'received' in this.state.download ? this.state.download.received : 0;
    this.setDownload({ status: 'checking' });
    const needed = this.pack.bytes - received;
    const free = await freeSpace(this.options.storage);
    if (free !== null && free < needed) {
      this.setDownload({ status: 'no-space', needed, free });
      return;
    }
    // Asked, not required: a browser that says no may still keep it, and the map works either way.
    await this.options.storage.persist?.().catch(() => false);
    this.options.pausedByPerson.set(null);
    this.start(received);
  }

  pause(): void {
    this.cancelRetry();
    this.options.pausedByPerson.set(this.pack.version);
    if (this.worker !== null) this.worker.postMessage({ type: 'pause' });
    else if (this.state.download.status === 'waiting') this.setDownload({ ...this.state.download, status: 'paused' });
  }

  /** The connection is back: a download waiting for it goes on now rather than at its next try. */
  online(): void {
    if (this.state.download.status === 'waiting') {
      this.cancelRetry();
      this.start(this.state.download.received);
    }
  }

  /** Deletes every saved byte: the saved map, and a download under way. */
  async remove(): Promise<void> {
    this.cancelRetry();
    if (this.worker !== null) {
      // The worker holds the partial file open until it stops: delete it after, not under it.
      const stopped = new Promise<void>((resolve) => (this.workerStopped = resolve));
      this.worker.postMessage({ type: 'pause' });
      await Promise.race([stopped, new Promise((resolve) => this.clock.setTimeout(() => resolve(undefined), 5_000))]);
      this.stopWorker();
    }
    this.options.pausedByPerson.set(null);
    await this.options.removePacks(null);
    this.set({ saved: null, download: { status: 'idle' } });
  }

  dispose(): void {
    this.cancelRetry();
    this.stopWorker();
    this.listeners.clear();
  }

  private start(received: number): void {
    const total = this.pack.bytes;
    this.setDownload({ status: 'saving', received, total });
    this.stopWorker();
    const worker = this.options.startWorker();
    this.worker = worker;
    worker.onmessage = (event) => this.heard(event.data);
    worker.postMessage({ type: 'start', url: this.pack.url, version: this.pack.version, total });
  }

  private heard(message: PackWorkerAnswer): void {
    const total = this.pack.bytes;
    switch (message.type) {
      case 'progress':
        this.retries = 0;
        if (this.state.download.status === 'saving') this.setDownload({ status: 'saving', received: message.received, total });
        return;
      case 'saved':
        this.stopWorker();
        this.retries = 0;
        this.set({ saved: { version: message.version, bytes: total }, download: { status: 'idle' } });
        // The older pack goes once the map has the new one to draw from.
        void this.options.removePacks(message.version);
        return;
      case 'paused':
        this.stopWorker();
        this.setDownload({ status: 'paused', received: message.received, total });
        return;
      case 'busy':
        this.stopWorker();
        this.setDownload({ status: 'busy' });
        return;
      case 'failed':
        this.stopWorker();
        if (message.reason === 'network') this.waitToRetry(message.received);
        else this.setDownload({ status: 'failed', reason: message.reason });
    }
  }

  private waitToRetry(received: number): void {
    this.setDownload({ status: 'waiting', received, total: this.pack.bytes });
    // Offline, the 'online' event brings it back; tries would only fail meanwhile.
    if (!this.options.isOnline()) return;
    const wait = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)] ?? RETRY_MS[0]!;
    this.retries += 1;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      if (this.state.download.status === 'waiting') this.start(this.state.download.received);
    }, wait);
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.workerStopped?.();
    this.workerStopped = null;
  }
}

/** The bytes the browser would still grant this site; null when it cannot say. */
async function freeSpace(storage: PackStorageManager): Promise<number | null> {
  try {
    const { quota, usage } = await storage.estimate();
    return typeof quota === 'number' && typeof usage === 'number' ? Math.max(0, quota - usage) : null;
  } catch {
    return null;
  }
}
