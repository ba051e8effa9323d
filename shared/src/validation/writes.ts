import type { ContactBody, FeedbackBody, FlagBody } from '../schemas/writes.js';

/** A rule a write breaks beyond its schema: the field it is about and a sentence for the person. */
export interface WriteProblem {
  field: string;
  message: string;
  /** The message's stable name and its values, for a client that says it in another language (ApiError.code). */
  code?: string;
  params?: Record<string, string | number>;
}

/** The spec's 'Hey!!' text, used for an empty contact message on the client and the server alike. */
export const CONTACT_EMPTY_MESSAGE = 'Please write a comment if you want to submit feedback!';

/** Both thumbs at once makes no sense; everything else the schema already bounds. */
export function feedbackProblem(body: FeedbackBody): WriteProblem | null {
  if (body.upvote === 1 && body.downvote === 1) {
    return { field: 'downvote', message: 'Choose thumbs up or thumbs down, not both.' };
  }
  return null;
}

/**
 * A suggestion must still describe a restroom, unless it says the place is closed for good (then the
 * other fields are disabled in the dialog and only the closure matters).
 */
export function flagProblem(body: FlagBody): WriteProblem | null {
  if (body.is_closed) return null;
  if (body.name.trim() === '') return { field: 'name', message: 'Name is required.' };
  return null;
}

export function contactProblem(body: ContactBody): WriteProblem | null {
  if (body.details.trim() === '') return { field: 'details', message: CONTACT_EMPTY_MESSAGE };
  return null;
}

/** A comment is stored trimmed; one that is only whitespace is no comment at all. */
export function commentText(comment: string | undefined): string | null {
  const trimmed = comment?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
