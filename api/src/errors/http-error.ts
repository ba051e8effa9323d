import { apiErrorMessage, type ApiErrorCode, type ApiErrorParams, type WriteProblem } from '@allstall/shared';

/** Where a failure is and what it names, beside its code (docs/architecture.md#errors). */
export interface HttpErrorDetails {
  /** The input the failure is about, when it is about one. */
  field?: string;
  /** The values the code's template names (`{minutes}`, `{name}`). */
  params?: ApiErrorParams;
  /** English words of the failure's own (a library's free text) in place of the code's template. */
  message?: string;
}

/**
 * A failure meant for the client: thrown anywhere in a request, answered by the error handler in
 * the one error shape. Its `code` names it for a client in any language; its English `message` is
 * made from the code's template in shared api-errors, so API users keep reading the same words.
 */
export class HttpError extends Error {
  readonly field: string | undefined;
  readonly params: ApiErrorParams | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    { field, params, message }: HttpErrorDetails = {},
  ) {
    super(message ?? apiErrorMessage(code, params));
    this.name = 'HttpError';
    this.field = field;
    this.params = params;
  }

  /** A shared validation problem as the failure of a request, with its field, code and params. */
  static fromProblem(statusCode: number, problem: WriteProblem): HttpError {
    // Shared rules always name their code; a problem without one can still say which field is wrong.
    if (problem.code === undefined) return new HttpError(statusCode, 'validation.invalid', { field: problem.field, params: { field: problem.field }, message: problem.message });
    return new HttpError(statusCode, problem.code, { field: problem.field, params: problem.params, message: problem.message });
  }
}
