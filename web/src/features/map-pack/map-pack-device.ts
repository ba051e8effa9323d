import type { MapPack } from '@allstall/shared';
import { readStored, writeStored } from '@/lib/settings/stored-settings';
import { MapPackStore, type PackWorkerPort } from './map-pack-store';
import { opfsAvailable, readPackFolder, removePacks } from './pack-storage';

/*
 * The one store of the offered pack on this device, wired to the browser: OPFS, the storage
 * manager, the download worker, the 'online' event. Created the first time a screen asks, kept for
 * the page's life; a new version offered by the server makes a new store (the old one's saved file
 * keeps drawing until the new one is saved).
 */

const PAUSED_KEY = 'mapPackPaused';
const PAUSED_VERSION = 1;

const pausedByPerson = {
  get: () => readStored('local', PAUSED_KEY, PAUSED_VERSION, (value) => (typeof value === 'string' ? value : null)),
  set: (version: string | null) => writeStored('local', PAUSED_KEY, PAUSED_VERSION, version),
};

function startWorker(): PackWorkerPort {
  return new Worker(new URL('./pack-download-worker.ts', import.meta.url), { type: 'module', name: 'allstall-map-pack' }) as PackWorkerPort;
}

let current: { key: string; store: MapPackStore } | null = null;
let onlineListener: (() => void) | null = null;

/** Whether this browser can save a pack at all: OPFS, and workers to write it. */
function canSavePacks(): boolean {
  return opfsAvailable() && typeof Worker === 'function';
}

/** The store for `pack`, made and loaded on first use; null when this browser cannot save packs. */
export function mapPackStoreFor(pack: MapPack): MapPackStore | null {
  if (!canSavePacks()) return null;
  const key = `${pack.url}\n${pack.version}`;
  if (current?.key === key) return current.store;
  current?.store.dispose();
  if (onlineListener !== null) window.removeEventListener('online', onlineListener);
  const store = new MapPackStore({
    pack,
    readFolder: readPackFolder,
    removePacks,
    storage: navigator.storage,
    startWorker,
    pausedByPerson,
    isOnline: () => navigator.onLine,
  });
  current = { key, store };
  onlineListener = () => store.online();
  window.addEventListener('online', onlineListener);
  void store.load().catch(() => undefined);
  return store;
}
