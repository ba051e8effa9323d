import type { FastifyInstance } from 'fastify';
import type { ApiErrorCode } from '@allstall/shared';
import { HttpError } from '../errors/http-error.js';

/** Nominatim's usage policy asks for an agent that names the application; stock library agents are refused. */
const UPSTREAM_USER_AGENT = 'allstall/0.1 (offline-first restroom finder)';

/**
 * A service we depend on failed: it refused the connection, timed out, answered with an error
 * status or with text that is not JSON. Answered as 502, the person reads `message`; `detail` is
 * for the log.
 */
export class UpstreamError extends HttpError {
  /** The HTTP status the service answered with, when it answered with an error status. */
  upstreamStatus: number | null = null;

  constructor(
    readonly upstreamCode: UpstreamErrorCode,
    readonly service: UpstreamService,
    readonly detail: string,
    cause?: unknown,
  ) {
    super(502, upstreamCode, { params: { service } });
    this.name = 'UpstreamError';
    this.cause = cause;
  }
}

/** A service we depend on, by the key its name has in the error messages (`upstream.*` in shared api-errors). */
export type UpstreamService = 'address' | 'mapData' | 'refuge';

/** Whether the service failed or never answered; the admin tools add that nothing was changed. */
export type UpstreamErrorCode = Extract<ApiErrorCode, `upstream.${string}`>;

/** The service answered, but not with what it should have. */
export function unexpectedAnswer(label: UpstreamService, detail: string, cause?: unknown): UpstreamError {
  return new UpstreamError('upstream.failing', label, detail, cause);
}

export interface UpstreamRequest {
  /** Which service this is, named in an error as "address service". */
  label: UpstreamService;
  timeoutMs: number;
  /** A form-encoded POST body; a GET when absent. */
  form?: Record<string, string>;
  /** Gives up early when this aborts (an import run stopping with its server). */
  signal?: AbortSignal;
}

/** A service's JSON answer and the headers it came with (Refuge tells its paging there). */
export interface UpstreamAnswer {
  json: unknown;
  headers: Headers;
}

/** Fetches JSON from a service; see `fetchUpstreamAnswer`. */
export async function fetchUpstreamJson(url: string, request: UpstreamRequest): Promise<unknown> {
  return (await fetchUpstreamAnswer(url, request)).json;
}

/**
 * Fetches JSON from a service, bounded by a timeout that covers the body as well as the headers,
 * so a server that stalls half-way through an answer cannot hold the request open.
 */
export async function fetchUpstreamAnswer(url: string, { label, timeoutMs, form, signal }: UpstreamRequest): Promise<UpstreamAnswer> {
  const method = form === undefined ? 'GET' : 'POST';
  // The query string carries what the person typed; the log needs only which endpoint failed.
  const what = `${method} ${url.split('?', 1)[0]}`;
  let text: string;
  let headers: Headers;
  try {
    const response = await fetch(url, {
      method,
      headers: { accept: 'application/json', 'user-agent': UPSTREAM_USER_AGENT },
      body: form === undefined ? undefined : new URLSearchParams(form),
      signal: signal === undefined ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([AbortSignal.timeout(timeoutMs), signal]),
    });
    headers = response.headers;
    text = await response.text();
    if (!response.ok) {
      const failure = unexpectedAnswer(label, `${what} answered ${response.status}`);
      failure.upstreamStatus = response.status;
      throw failure;
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new UpstreamError('upstream.notAnswering', label, `${what} ${timedOut ? `took longer than ${timeoutMs} ms` : 'failed'}`, error);
  }
  try {
    return { json: JSON.parse(text) as unknown, headers };
  } catch (error) {
    throw unexpectedAnswer(label, `${what} answered something that is not JSON`, error);
  }
}

/**
 * Logs why a service failed with each 502 answered in `app`'s scope: the person reads the message,
 * the log keeps the cause and which endpoint it was.
 */
export function logUpstreamFailures(app: Pick<FastifyInstance, 'addHook'>): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof UpstreamError) request.log.warn({ err: error.cause, detail: error.detail }, error.message);
  });
}
