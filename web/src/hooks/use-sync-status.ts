import { useSyncExternalStore } from 'react';
import type { SyncStatus } from '../lib/sync/sync-engine';
import { useServices } from '../lib/services';

export function useSyncStatus(): SyncStatus {
  const { sync } = useServices();
  return useSyncExternalStore(sync.subscribe, sync.getStatus);
}
