import { apiErrorMessage } from '../api-errors/format-message.js';
import type { ApiErrorCode, ApiErrorParams } from '../api-errors/messages.js';
import type { ContactBody, FeedbackBody } from '../schemas/writes.js';

/** A rule a write breaks beyond its schema: the field it is about and a sentence for the person. */
export interface WriteProblem {
  field: string;
  message: string;
  /**
   * The message's stable name and its values, for a client that says it in another language
   * (ApiError.code). Every shared rule sets it; a problem only the web app finds may go without.
   */
  code?: ApiErrorCode;
  params?: ApiErrorParams;
}

/** A problem about `field`, its English words made from the code's template (api-errors/messages.ts). */
export function writeProblem(field: string, code: ApiErrorCode, params?: ApiErrorParams): WriteProblem {
  return { field, message: apiErrorMessage(code, params), code, ...(params === undefined ? {} : { params }) };
}

/** Both thumbs at once makes no sense; everything else the schema already bounds. */
export function feedbackProblem(body: FeedbackBody): WriteProblem | null {
  if (body.upvote === 1 && body.downvote === 1) {
    return writeProblem('downvote', 'feedback.bothThumbs');
  }
  return null;
}

export function contactProblem(body: ContactBody): WriteProblem | null {
  if (body.details.trim() === '') return writeProblem('details', 'contact.empty');
  return null;
}
