import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@allstall/shared';
import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { HttpError } from '../errors/http-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_SITE_FETCH_VALUES = new Set(['same-origin', 'none']);

/**
 * Cross-site request checks for every write under /api (docs/architecture.md#cross-site-checks). A constant custom header
 * cannot be sent cross-site without a CORS preflight we never grant, and unlike a session-bound
 * token it still holds when the outbox replays a write days later. Fetch metadata and Origin, when
 * the browser sends them, must say the request came from our own pages.
 */
export const sameOriginWritesPlugin = fastifyPlugin(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
      assertSameOriginWrite(request);
      assertJsonBody(request);
    });
  },
  { name: 'allstall-same-origin-writes' },
);

/**
 * Whether a URL (path and query) is under /api/. Bare `/api` is not: the web app has a page there
 * (the admin tools screen), so it gets index.html like any other app route.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/');
}

function assertSameOriginWrite(request: FastifyRequest): void {
  if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) {
    throw new HttpError(403, 'sameOrigin.missingHeader', { params: { header: REQUESTED_WITH_HEADER, value: REQUESTED_WITH_VALUE } });
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && !SAME_SITE_FETCH_VALUES.has(String(fetchSite))) {
    throw new HttpError(403, 'sameOrigin.foreignPage');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && originHost(origin) !== request.host) {
    throw new HttpError(403, 'sameOrigin.foreignOrigin');
  }
}

/** The host[:port] of an Origin header; null for 'null' or anything unparsable. */
function originHost(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null;
}

function assertJsonBody(request: FastifyRequest): void {
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return;
  const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new HttpError(415, 'request.jsonOnly');
  }
}
