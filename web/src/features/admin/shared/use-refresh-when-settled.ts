import { useEffect, useRef } from 'react';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import type { QueuedDecisions } from './use-queued-decisions';

/**
 * Loads an admin list again whenever one of its decisions stops being on its way (the server took
 * it or refused it, or the admin dropped it): the list kept on the device no longer says how things
 * stand (docs/product-rules.md#decisions: once an item is resolved, the list is refetched).
 */
export function useRefreshWhenSettled(decisions: Pick<QueuedDecisions, 'byItem'>, refresh: () => Promise<void>): void {
  const onTheirWay = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const now = new Set([...decisions.byItem.values()].flat().flatMap((row) => (rowIsOnItsWay(row) ? [row.id] : [])));
    const before = onTheirWay.current;
    onTheirWay.current = now;
    if (before !== null && [...before].some((id) => !now.has(id))) void refresh();
  }, [decisions.byItem, refresh]);
}
