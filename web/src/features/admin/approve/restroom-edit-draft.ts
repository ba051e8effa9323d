import {
  LISTING_AMENITY_KEYS,
  LISTING_TEXT_KEYS,
  listingFieldsOf,
  restroomDecisionProblem,
  sameWeeklyHours,
  type AdminRestroom,
  type ListingAmenityKey,
  type ListingFields,
  type RestroomDecisionBody,
  type WriteProblem,
} from '@allstall/shared';
import { hoursInputOf, weeklyHoursOf, type HoursInput } from '../../../lib/hours-input';

type BoxKey = ListingAmenityKey | 'public';

/** 'Edit bathroom info:' as the admin fills it in. */
export type RestroomEditDraft = ListingFields & {
  public: boolean;
  /** 'Comment for admin:'; blank clears it. */
  admin_comment: string;
  hours: HoursInput;
};

const BOX_KEYS: readonly BoxKey[] = [...LISTING_AMENITY_KEYS, 'public'];

export function restroomEditDraftOf(restroom: AdminRestroom): RestroomEditDraft {
  return {
    ...listingFieldsOf(restroom),
    public: restroom.public,
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
  for (const key of BOX_KEYS) if (draft[key] !== restroom[key]) body[key] = draft[key];
  const comment = draft.admin_comment.trim() === '' ? null : draft.admin_comment.trim();
  if (comment !== restroom.admin_comment) body.admin_comment = comment;
  if (!sameWeeklyHours(hours.hours, restroom.hours)) body.hours = hours.hours;
  if (Object.keys(body).length === 0) return { body: null, problem: null };
  const problem = restroomDecisionProblem(body);
  return problem ? { body: null, problem } : { body, problem: null };
}
