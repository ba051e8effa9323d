import type { RestroomDecisionBody } from '../schemas/moderation.js';

// Its own module: the outbox names queued decisions on the first screen without the decision checks.
/** What a restroom decision chiefly does, for the log and the admin screens to name it. */
export type RestroomDecisionKind = 'approve' | 'reject' | 'remove' | 'show' | 'edit';

/** A decision by its verdict, else by its removal from display or showing again, else an edit. */
export function restroomDecisionKind(body: Pick<RestroomDecisionBody, 'status' | 'is_removed'>): RestroomDecisionKind {
  if (body.status === 'approved') return 'approve';
  if (body.status === 'rejected') return 'reject';
  if (body.is_removed !== undefined) return body.is_removed ? 'remove' : 'show';
  return 'edit';
}
