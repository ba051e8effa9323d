import { STATUS_CODES } from 'node:http';
import { ApiErrorSchema, type ApiError } from '@allstall/shared';

/**
 * A failure meant for the client: thrown anywhere in a request, answered by the error handler in
 * the one error shape. `field` names the input it is about, when it is about one.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Builds the one error body every failing request gets. */
export function apiError(statusCode: number, message: string, field?: string): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(field === undefined ? {} : { field }),
  };
}

/** Response schemas for every failure, so the OpenAPI document shows the one error shape. */
export const errorResponses = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema } as const;

/**
 * What a person is told when the database cannot take their request for now (a full disk, a read-only
 * or unreachable database). Nothing was changed, and trying again later is the whole remedy; the web
 * app's outbox does that by itself.
 */
export function storageUnavailableMessage(method: string): string {
  return method === 'GET' || method === 'HEAD'
    ? "The server can't reach its data right now. Please try again in a minute."
    : "The server can't save changes right now, so nothing was changed. Please try again in a minute.";
}
