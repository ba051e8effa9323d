import { HttpError } from '../api/api-client';
import type { OutboxRow } from './outbox-types';
import { retryAfterMs } from './retry-after';

/**
 * The outbox's own reasons: the English words it has always stored, and the catalog message the
 * screens say them with. The text stays in English here, not translated: the service worker sends
 * too, without the page's messages, and the row is read later, perhaps in another language.
 */
export type Reason = Pick<OutboxRow, 'lastError' | 'lastErrorMessage'>;
export const NO_CONNECTION: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'No connection. It will be sent when the connection is back.',
  lastErrorMessage: { id: 'writes.outbox.noConnection' },
};
export const SERVER_PROBLEM: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'The server had a problem. Trying again soon.',
  lastErrorMessage: { id: 'writes.outbox.serverProblem' },
};
export const NEEDS_LOGIN: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'Your session ended. Log in to send this.',
  lastErrorMessage: { id: 'writes.outbox.needsLogin' },
};
/** Cleared with the reason it explained. */
export const NO_REASON: Reason = { lastError: undefined, lastErrorMessage: undefined };

/** Why the server refused a write: its words, and its code (with params) for saying them in the person's language. */
export function refusalReason(error: HttpError): Reason {
  const body = error.body;
  if (!body?.message) {
    // i18n-exempt: the stored English words; screens say lastErrorMessage
    return { lastError: `The server refused it (${error.status}).`, lastErrorMessage: { id: 'writes.outbox.refused', values: { status: error.status } } };
  }
  const { code, params } = body;
  return { lastError: body.message, lastErrorMessage: code === undefined ? undefined : { id: `server.${code}`, ...(params ? { values: params } : {}) } };
}

/** 408 and 429 say "not now", like a 5xx: worth another try later, not the person's fault. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The wait a 429 or 503 asked for with Retry-After, in ms; null for anything else. */
export function serverAskedWaitMs(error: unknown, now: number): number | null {
  if (!(error instanceof HttpError) || (error.status !== 429 && error.status !== 503)) return null;
  return retryAfterMs(error.retryAfter, now);
}
