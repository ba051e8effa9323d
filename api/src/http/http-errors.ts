import { STATUS_CODES } from 'node:http';
import { apiErrorMessage, ApiErrorSchema, type ApiError, type ApiErrorCode } from '@allstall/shared';
import type { HttpError, HttpErrorDetails } from '../errors/http-error.js';

/** Builds the one error body every failing request gets. */
export function apiError(statusCode: number, code: ApiErrorCode, { field, params, message }: HttpErrorDetails = {}): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: message ?? apiErrorMessage(code, params),
    ...(field === undefined ? {} : { field }),
    code,
    ...(params === undefined ? {} : { params: { ...params } }),
  };
}

/** The body for a thrown HttpError. */
export function apiErrorOf(error: HttpError): ApiError {
  return apiError(error.statusCode, error.code, { field: error.field, params: error.params, message: error.message });
}

/** Response schemas for every failure, so the OpenAPI document shows the one error shape. */
export const errorResponses = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema } as const;

/**
 * What a person is told when the database cannot take their request for now (a full disk, a read-only
 * or unreachable database). Nothing was changed, and trying again later is the whole remedy; the web
 * app's outbox does that by itself.
 */
export function storageUnavailableCode(method: string): ApiErrorCode {
  return method === 'GET' || method === 'HEAD' ? 'storage.unavailableRead' : 'storage.unavailableWrite';
}
