import { sameWeeklyHours } from '../hours/same-hours.js';
import { LISTING_FIELD_KEYS, listingFieldsOf } from '../restrooms/listing-fields.js';
import type { FlagChange, FlagEdits, FlagField, FlagProposal } from '../schemas/moderation.js';
import type { Restroom, WeeklyHours } from '../schemas/restroom.js';
import { writeProblem, type WriteProblem } from '../validation/writes.js';

/** The proposal's fields in the order the review dialog shows them. */
export const FLAG_FIELDS: readonly FlagField[] = [...LISTING_FIELD_KEYS, 'is_closed'];

/** What a flag's changes do to the restroom: listing fields, and `is_closed` as removal from display. */
export type FlagChanges = Partial<FlagProposal>;

/**
 * A restroom in the proposal's terms, for the original side of the review: 'Permanently closed' is
 * whether it is removed from display (the suggest-changes dialog starts its checkbox from it too),
 * and its hours when given.
 */
export function flagProposalOfRestroom(
  restroom: Pick<Restroom, Exclude<FlagField, 'is_closed'> | 'is_removed'> & { hours?: WeeklyHours },
): FlagProposal {
  const proposal: FlagProposal = { ...listingFieldsOf(restroom), is_closed: restroom.is_removed };
  return restroom.hours === undefined ? proposal : { ...proposal, hours: restroom.hours };
}

/**
 * Whether the proposal changes the hours: only when it has some (absent proposes no change), and
 * only when they say something else, whatever order the ranges come in.
 */
function hoursChanged(proposed: FlagProposal, original: FlagProposal): boolean {
  return proposed.hours !== undefined && !sameWeeklyHours(proposed.hours, original.hours ?? null);
}

function sameValue(a: string | boolean | null, b: string | boolean | null): boolean {
  return typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;
}

/**
 * The fields `proposed` changes against `original`, in dialog order; spacing around text does not
 * count. Reporting a place closed is only about the closure: the dialog disables every other field
 * then, so whatever they hold is not a suggestion.
 */
export function flagChangedFields(proposed: FlagProposal, original: FlagProposal): FlagChange[] {
  if (proposed.is_closed) return original.is_closed ? [] : ['is_closed'];
  const fields: FlagChange[] = FLAG_FIELDS.filter((field) => !sameValue(proposed[field], original[field]));
  return hoursChanged(proposed, original) ? [...fields, 'hours'] : fields;
}

/**
 * What approving a flag changes: the fields the proposal changed (with the admin's `edits` over the
 * proposal), plus every field the admin edited. Only changed fields are applied, so an edit made to
 * the restroom after the flag was raised is not undone by the values the flagger merely left as
 * they were. A closure changes nothing but the closure. Text comes trimmed. Proposed hours that
 * differ from the original replace the whole week.
 */
export function flagDecisionChanges(proposed: FlagProposal, original: FlagProposal, edits: FlagEdits = {}): FlagChanges {
  const decided: FlagProposal = { ...proposed, ...edits };
  if (decided.is_closed) return { is_closed: true };
  const fields = new Set<FlagChange>([...flagChangedFields(decided, original), ...(Object.keys(edits) as FlagField[])]);
  const changes: Record<string, string | boolean | null> = {};
  for (const field of FLAG_FIELDS) {
    if (!fields.has(field)) continue;
    const value = decided[field];
    changes[field] = typeof value === 'string' ? value.trim() : value;
  }
  const listing = changes as FlagChanges;
  return fields.has('hours') && decided.hours !== undefined ? { ...listing, hours: decided.hours } : listing;
}

/** An approved flag must still leave the restroom a name (a closure's blank name is never applied). */
export function flagDecisionProblem(changes: FlagChanges): WriteProblem | null {
  if (changes.name !== undefined && changes.name === '') return writeProblem('edits.name', 'listing.nameRequired');
  return null;
}
