import { useSyncExternalStore } from 'react';
import { useServices } from '../lib/services';
import type { MirrorView } from '../lib/sync/mirror-store';

/** The device's restrooms as this tab holds them; undefined until they are read from IndexedDB. */
export function useMirror(): MirrorView | undefined {
  const { mirror } = useServices();
  return useSyncExternalStore(mirror.subscribe, mirror.getView);
}
