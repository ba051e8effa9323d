import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGunzip } from 'node:zlib';
import type { CompressedBody } from '../compression/compressed-body.js';

/*
 * Sending a body that was compressed once for many requests (compression/compressed-body.ts): the
 * coding the request takes, a strong ETag per coding, and 304 for a tag the client already holds.
 * Routes that use this set `compress: false`, so @fastify/compress does not do it again.
 */

export type BodyEncoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: readonly BodyEncoding[] = ['br', 'gzip', 'identity'];

/** How one compressed body is sent. */
export interface CompressedReply {
  body: CompressedBody;
  contentType: string;
  cacheControl: string;
  /** The strong ETag of the body in one coding. */
  etag: (encoding: BodyEncoding) => string;
  /** Further headers, on the 200 and the 304 alike (Link, Content-Disposition). */
  headers?: Record<string, string>;
}

/** Answers with the body in the best coding the request takes, or 304 when If-None-Match names it. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, answer: CompressedReply): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('etag', answer.etag(encoding)).header('vary', 'accept-encoding').header('cache-control', answer.cacheControl);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (ifNoneMatchNames(request.headers['if-none-match'], answer)) return reply.code(304).send();

  reply.type(answer.contentType);
  if (encoding === 'identity') {
    // Rarely asked for (every browser takes gzip), so not kept: unpacked from the gzip body as it is sent.
    const body = createGunzip();
    body.end(answer.body.gzip);
    return reply.header('content-length', answer.body.identityLength).send(body);
  }
  const body = answer.body[encoding];
  return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
}

/**
 * The coding to send: brotli, else gzip, else none, among those the request accepts (a q of 0
 * refuses one; `*` stands for any not named). The server's order, not the client's weights,
 * decides between accepted ones: both bodies are already made, and brotli's is the smaller.
 */
function chooseEncoding(acceptEncoding: string | undefined): BodyEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/**
 * Whether If-None-Match names this body in any coding (the content is the same; a proxy that
 * recompressed may also have weakened the tag with W/), or is `*`: the weak comparison RFC 9110
 * asks of If-None-Match.
 */
function ifNoneMatchNames(ifNoneMatch: string | undefined, answer: CompressedReply): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = new Set(ENCODINGS.map((encoding) => opaque(answer.etag(encoding))));
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || ours.has(opaque(tag)));
}
