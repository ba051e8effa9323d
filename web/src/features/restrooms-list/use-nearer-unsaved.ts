import { NEAR_YOU_MILES } from '@allstall/shared';
import { useSyncStatus } from '@/hooks/use-sync-status';
import type { NearestList } from './nearest-list';

/**
 * Whether the list should say that restrooms nearer than those it shows may not be saved yet
 * (docs/product-rules.md#list): the device has not saved every restroom (a first sync is saving, or
 * one was cut short and none has finished), and none the list shows (the device's, or the server's
 * nearby answer) is within NEAR_YOU_MILES of the origin: offline with only far pieces stored, say,
 * the list shows the nearest of what has arrived, honest distances but not the person's nearest.
 */
export function useNearerUnsaved(restrooms: NearestList | undefined): boolean {
  const { progress, lastSyncedAt, state } = useSyncStatus();
  const saving = progress !== null || (lastSyncedAt === null && (state === 'offline' || state === 'error'));
  // Without rows the page says why (loading, or the failure) instead of a list.
  return saving && restrooms !== undefined && restrooms.length > 0 && !restrooms.hasRowWithin(NEAR_YOU_MILES);
}
