import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import type { DecisionRow } from './queued-decisions';

export interface ItemDecisions<R extends DecisionRow = DecisionRow> {
  /** The newest decision still on its way: what the row shows as already done. */
  onItsWay: R | undefined;
  /** Decisions the server refused, each shown with its reason until dismissed. */
  refused: R[];
}

/** An item's queued decisions (oldest first), split into the one that counts and the refused ones. */
export function itemDecisions<R extends DecisionRow>(rows: readonly R[]): ItemDecisions<R> {
  let onItsWay: R | undefined;
  for (const row of rows) if (rowIsOnItsWay(row)) onItsWay = row;
  return { onItsWay, refused: rows.filter((row) => !rowIsOnItsWay(row)) };
}

/**
 * How an item's rows look while it has decisions on the device: greyed once one is on its way
 * (`settled`, the decision the row already shows as done), marked while refused ones wait to be dismissed.
 */
export function decisionRowClass(settled: DecisionRow | undefined, refused: readonly DecisionRow[]): string | undefined {
  if (settled) return 'admin-row--queued';
  return refused.length > 0 ? 'admin-row--failed' : undefined;
}
