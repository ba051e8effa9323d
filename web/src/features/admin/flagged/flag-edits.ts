import {
  FLAG_FIELDS,
  flagDecisionChanges,
  flagDecisionProblem,
  type FlagDecisionBody,
  type FlagEdits,
  type FlagProposal,
  type FlagReview,
  type WriteProblem,
} from '@allstall/shared';

/**
 * The admin's own values where they differ from the proposal ('Edit' in the review), text trimmed.
 * An amenity, access or fee set to 'Not sure' goes as null: unknown is a value of its own. A flag
 * kept on the device from before `fee` has none, which reads as unknown, so leaving it at 'Not
 * sure' is no edit.
 */
export function flagEditsOf(proposed: FlagProposal, draft: FlagProposal): FlagEdits {
  const edits: Record<string, string | boolean | null> = {};
  for (const field of FLAG_FIELDS) {
    const value = draft[field] ?? null;
    const text = typeof value === 'string' ? value.trim() : value;
    const before = proposed[field] ?? null;
    if (text !== (typeof before === 'string' ? before.trim() : before)) edits[field] = text;
  }
  return edits as FlagEdits;
}

export type CheckedFlagApproval = { decision: FlagDecisionBody; problem: null } | { decision: null; problem: WriteProblem };

/** 'Approve' with the admin's edits over the proposal, or why it cannot go (a name left blank). */
export function checkFlagApproval(flag: Pick<FlagReview, 'proposed' | 'original'>, draft: FlagProposal): CheckedFlagApproval {
  const edits = flagEditsOf(flag.proposed, draft);
  const problem = flagDecisionProblem(flagDecisionChanges(flag.proposed, flag.original, edits));
  if (problem) return { decision: null, problem };
  return { decision: Object.keys(edits).length === 0 ? { status: 'approved' } : { status: 'approved', edits }, problem: null };
}
