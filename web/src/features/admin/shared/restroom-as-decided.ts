import type { Restroom } from '@allstall/shared';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import type { DecisionRow } from './queued-decisions';

export interface DecidedRestroom<T extends Restroom> {
  /** The restroom as it will be once the admin's queued decisions are sent: edits, verdict, removal. */
  restroom: T;
  /** The newest waiting verdict ('Approve', 'Reject') or deletion: the item is done with on this device. */
  settledBy: DecisionRow | undefined;
}

/**
 * A restroom with the admin's waiting decisions applied in the order they will go out, so every
 * table shows a decision the moment it is made. Refused decisions change nothing: the server kept
 * the restroom as it was.
 */
export function restroomAsDecided<T extends Restroom>(restroom: T, decisions: readonly DecisionRow[]): DecidedRestroom<T> {
  let decided = restroom;
  let settledBy: DecisionRow | undefined;
  for (const row of decisions) {
    if (!rowIsOnItsWay(row)) continue;
    if (row.kind === 'restroom-delete') settledBy = row;
    if (row.kind !== 'restroom-decision') continue;
    // Every field of a decision is a field of the restroom it is about (admin_comment of an AdminRestroom).
    decided = { ...decided, ...row.body.decision };
    if (row.body.decision.status !== undefined) settledBy = row;
  }
  return { restroom: decided, settledBy };
}

/** Whether a decision is a verdict, an edit or a deletion: what the 'Approve Bathrooms' tab decides. */
export function decidesReview(row: DecisionRow): boolean {
  return row.kind === 'restroom-delete' || (row.kind === 'restroom-decision' && row.body.decision.is_removed === undefined);
}
