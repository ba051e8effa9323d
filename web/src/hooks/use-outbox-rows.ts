import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../lib/outbox/outbox-types';
import { useServices } from '../lib/services';

/**
 * Every write waiting on this device, oldest first (the order they go out in); undefined while
 * IndexedDB answers. The outbox is a handful of rows, so screens filter what they need.
 */
export function useOutboxRows(): OutboxRow[] | undefined {
  const { db } = useServices();
  return useLiveQuery(() => db.outbox.toCollection().sortBy('createdAt'), [db]);
}
