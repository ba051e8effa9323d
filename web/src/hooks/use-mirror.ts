import { useSyncExternalStore } from 'react';
import { useServices } from '../lib/services';
import type { MirrorView } from '../lib/sync/mirror-store';

/** The device's restrooms as this tab holds them; undefined until they are read from IndexedDB. */
export function useMirror(): MirrorView | undefined {
  const { mirror } = useServices();
  return useSyncExternalStore(mirror.subscribe, mirror.getView);
}

/**
 * The same for the list and the map, which can draw before every row is read: at a cold start
 * behind the stored column index, a view that may lack rows (MirrorView.complete).
 */
export function useFirstScreenMirror(): MirrorView | undefined {
  const { mirror } = useServices();
  return useSyncExternalStore(mirror.subscribe, mirror.getFirstScreenView);
}
