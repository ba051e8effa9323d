import {
  LISTING_AMENITY_KEYS,
  LISTING_TEXT_KEYS,
  listingFieldsOf,
  restroomDecisionProblem,
  sameWeeklyHours,
  type AdminRestroom,
  type ListingFields,
  type RestroomDecisionBody,
  type WriteProblem,
} from '@allstall/shared';
import { hoursInputOf, weeklyHoursOf, type HoursInput } from '@/lib/restrooms/hours-input';

/** 'Edit bathroom info:' as the admin fills it in: amenities, access and fee may be null ('Not sure'). */
export type RestroomEditDraft = ListingFields & {
  /** 'Comment for admin:'; blank clears it. */
  admin_comment: string;
  hours: HoursInput;
};


export function restroomEditDraftOf(restroom: AdminRestroom): RestroomEditDraft {
  return {
    ...listingFieldsOf(restroom),
    // Absent from an approval queue kept on the device from before `fee`: 'Not sure', as unknown.
    fee: restroom.fee ?? null,
    admin_comment: restroom.admin_comment ?? '',
    hours: hoursInputOf(restroom.hours),
  };
}

export type CheckedEdit =
  /** The fields the admin changed; null when nothing changed (the dialog just closes). */
  | { body: RestroomDecisionBody | null; problem: null }
  | { body: null; problem: WriteProblem };

/**
 * 'Save edits': only the fields that differ from the restroom as shown go out, text trimmed, so an
 * edit never overwrites what another admin changed in a field this one did not touch. The hours as
 * the editor holds them are checked first, then the server's own rules.
 */
export function checkRestroomEdit(restroom: AdminRestroom, draft: RestroomEditDraft): CheckedEdit {
  const hours = weeklyHoursOf(draft.hours);
  if (hours.problem) return { body: null, problem: hours.problem };
  const body: RestroomDecisionBody = {};
  for (const key of LISTING_TEXT_KEYS) if (draft[key].trim() !== restroom[key]) body[key] = draft[key].trim();
  // Setting an amenity back to 'Not sure' sends null: unknown is a value, not a missing field.
  for (const key of LISTING_AMENITY_KEYS) if (draft[key] !== restroom[key]) body[key] = draft[key];
  if (draft.access !== restroom.access) body.access = draft.access;
  if (draft.fee !== (restroom.fee ?? null)) body.fee = draft.fee;
  const comment = draft.admin_comment.trim() === '' ? null : draft.admin_comment.trim();
  if (comment !== restroom.admin_comment) body.admin_comment = comment;
  if (!sameWeeklyHours(hours.hours, restroom.hours)) body.hours = hours.hours;
  if (Object.keys(body).length === 0) return { body: null, problem: null };
  const problem = restroomDecisionProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}
