import { useCallback, useMemo } from 'react';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useOutboxRows } from '@/hooks/use-outbox-rows';
import { useServices } from '@/lib/services';
import { decisionsByItem, type DecisionKind, type DecisionRow } from './queued-decisions';

export interface QueuedDecisions {
  /** Every item with decisions still on this device, each oldest first (also those gone from the list). */
  byItem: ReadonlyMap<string, DecisionRow[]>;
  /** The item's decisions still on this device (waiting, or refused, e.g. 409), oldest first; [] when none. */
  forItem(itemId: string): DecisionRow[];
  /** Drops a decision (the 'Dismiss' of a refused one); false when it is being sent right now (or is gone). */
  dismiss(rowId: string): Promise<boolean>;
}

const NONE: DecisionRow[] = [];

/**
 * The signed-in admin's queued decisions of `kinds`, by the id of the item they are about, so every
 * admin table shows a decision the moment it is made (before it is sent) and keeps showing one the
 * server refused ("Already handled by NAME.") until the admin dismisses it. Pass `kinds` as a
 * constant (it is a memo dependency).
 */
export function useQueuedDecisions(kinds: readonly DecisionKind[]): QueuedDecisions {
  const { outbox } = useServices();
  const { user } = useCurrentUser();
  const rows = useOutboxRows();
  const userId = user?.id ?? null;
  const byItem = useMemo(() => decisionsByItem(rows ?? [], kinds, userId), [rows, kinds, userId]);
  const dismiss = useCallback((rowId: string) => outbox.discard(rowId), [outbox]);
  return useMemo(
    () => ({
      byItem,
      forItem: (itemId) => byItem.get(itemId) ?? NONE,
      dismiss,
    }),
    [byItem, dismiss],
  );
}
