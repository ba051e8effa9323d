import type { LatLng } from '@allstall/shared';
import { FALLBACK_CLIENT_CONFIG } from '../settings/client-config';

/*
 * Where the person is looking, for the first sync's order (docs/offline-data.md#first-sync-in-pieces):
 * the list's origin (their position, a searched place, or the region's origin) as the list last
 * measured from it. The first sync reads it before each piece it asks for, so a place searched
 * while the restrooms are arriving has its own piece next.
 */

export interface SyncFocus {
  /** The last place set, or the default region's origin before any. */
  current(): LatLng;
  set(at: LatLng): void;
  /** Told of every change; returns the matching stop. */
  subscribe(listener: (at: LatLng) => void): () => void;
}

export function createSyncFocus(initial: LatLng = FALLBACK_CLIENT_CONFIG.region.listOrigin): SyncFocus {
  let at = initial;
  const listeners = new Set<(at: LatLng) => void>();
  return {
    current: () => at,
    set(next) {
      if (next.lat === at.lat && next.lng === at.lng) return;
      at = next;
      for (const listener of listeners) listener(at);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
