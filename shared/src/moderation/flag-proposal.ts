import { LISTING_FIELD_KEYS, listingFieldsOf } from '../restrooms/listing-fields.js';
import type { FlagEdits, FlagField, FlagProposal } from '../schemas/moderation.js';
import type { Restroom } from '../schemas/restroom.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';

/** The proposal's fields in the order the review dialog shows them. */
export const FLAG_FIELDS: readonly FlagField[] = [...LISTING_FIELD_KEYS, 'is_closed'];

/** What a flag's changes do to the restroom: listing fields, and `is_closed` as removal from display. */
export type FlagChanges = Partial<FlagProposal>;

/**
 * A restroom in the proposal's terms, for the original side of the review: 'Permanently closed' is
 * whether it is removed from display (the suggest-changes dialog starts its checkbox from it too).
 */
export function flagProposalOfRestroom(restroom: Pick<Restroom, Exclude<FlagField, 'is_closed'> | 'is_removed'>): FlagProposal {
  return { ...listingFieldsOf(restroom), is_closed: restroom.is_removed };
}

function sameValue(a: string | boolean | null, b: string | boolean | null): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;
}

/**
 * The fields `proposed` changes against `original`, in dialog order; spacing around text does not
 * count. Reporting a place closed is only about the closure: the dialog disables every other field
 * then, so whatever they hold is not a suggestion.
 */
export function flagChangedFields(proposed: FlagProposal, original: FlagProposal): FlagField[] {
  if (proposed.is_closed) return original.is_closed ? [] : ['is_closed'];
  return FLAG_FIELDS.filter((field) => !sameValue(proposed[field], original[field]));
}

/**
 * What approving a flag changes: the fields the proposal changed (with the admin's `edits` over the
 * proposal), plus every field the admin edited. Only changed fields are applied, so an edit made to
 * the restroom after the flag was raised is not undone by the values the flagger merely left as
 * they were. A closure changes nothing but the closure. Text comes trimmed.
 */
export function flagDecisionChanges(proposed: FlagProposal, original: FlagProposal, edits: FlagEdits = {}): FlagChanges {
  const decided: FlagProposal = { ...proposed, ...edits };
  if (decided.is_closed) return { is_closed: true };
  const fields = new Set<FlagField>([...flagChangedFields(decided, original), ...(Object.keys(edits) as FlagField[])]);
  const changes: Record<string, string | boolean | null> = {};
  for (const field of FLAG_FIELDS) {
    if (!fields.has(field)) continue;
    const value = decided[field];
    changes[field] = typeof value === 'string' ? value.trim() : value;
  }
  return changes as FlagChanges;
}

/** An approved flag must still leave the restroom a name (a closure's blank name is never applied). */
export function flagDecisionProblem(changes: FlagChanges): WriteProblem | null {
  if (changes.name !== undefined && changes.name === '') return writeProblem('edits.name', 'listing.nameRequired');
  return null;
}
