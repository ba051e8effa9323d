import { COMPACT_RESTROOM_FORMAT, SNAPSHOT_FORMAT } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { createGunzip } from 'node:zlib';
import { errorResponses } from '../http/http-errors.js';
import type { SyncSnapshot } from '../services/snapshot-cache.js';

/**
 * The snapshot is the same for every device until the feed moves, so a CDN may keep it for a minute
 * and serve it on while it fetches the next. Browsers revalidate every time (max-age=0): a device
 * asks only on its first sync, and a 304 from the ETag is cheap.
 */
const SNAPSHOT_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const NDJSON = 'application/x-ndjson';

export type SnapshotEncoding = 'br' | 'gzip' | 'identity';

/** GET /api/sync/snapshot: a device's first sync in one answer (docs/architecture.md#the-change-feed, shared/src/schemas/sync.ts). */
export const syncSnapshotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync/snapshot',
    {
      // The bodies are compressed once per version (services/snapshot-cache.ts); @fastify/compress must not do it again per request.
      compress: false,
      schema: {
        tags: ['sync'],
        summary:
          'Every public restroom (compact rows) and comment at one feed version, as newline-delimited JSON; then pull /api/sync?since=<cursor>',
        response: {
          200: {
            description: 'A header line, lines of up to 1,000 restrooms or comments, then {"end":true} (SyncSnapshotLineSchema)',
            content: { [NDJSON]: { schema: { type: 'string' } } },
          },
          304: { description: 'The snapshot named by If-None-Match is still the one served', type: 'null' },
          ...errorResponses,
        },
      },
    },
    async (request, typedReply) => {
      // The schema above is for the API description; the bodies are bytes and streams, not typed JSON.
      const reply = typedReply as FastifyReply;
      const snapshot = await app.syncSnapshots.snapshot();
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply
        .header('etag', snapshotEtag(snapshot, encoding))
        .header('vary', 'accept-encoding')
        .header('cache-control', SNAPSHOT_CACHE_CONTROL);
      if (ifNoneMatchNames(request.headers['if-none-match'], snapshot)) return reply.code(304).send();

      reply.type(NDJSON);
      if (encoding === 'identity') {
        // Rarely asked for (every browser takes gzip), so not kept: unpacked from the gzip body as it is sent.
        const body = createGunzip();
        body.end(snapshot.gzip);
        return reply.header('content-length', snapshot.identityLength).send(body);
      }
      const body = snapshot[encoding];
      return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
    },
  );
};

/**
 * The coding to send: brotli, else gzip, else none, among those the request accepts (a q of 0
 * refuses one; `*` stands for any not named). The server's order, not the client's weights,
 * decides between accepted ones: both bodies are already made, and brotli's is the smaller.
 */
export function chooseEncoding(acceptEncoding: string | undefined): SnapshotEncoding {
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
 * A strong ETag per version, formats and coding: every process that builds the snapshot of one
 * version makes the same bytes, so the tag is good across instances behind a CDN.
 */
export function snapshotEtag(snapshot: Pick<SyncSnapshot, 'version'>, encoding: SnapshotEncoding): string {
  return `"snapshot-${SNAPSHOT_FORMAT}.${COMPACT_RESTROOM_FORMAT}-${snapshot.version}-${encoding}"`;
}

/**
 * Whether If-None-Match names this snapshot in any coding (the content is the same; a proxy that
 * recompressed may also have weakened the tag with W/), or is `*`.
 */
function ifNoneMatchNames(ifNoneMatch: string | undefined, snapshot: SyncSnapshot): boolean {
  if (ifNoneMatch === undefined) return false;
  const ours = new Set((['br', 'gzip', 'identity'] as const).map((encoding) => snapshotEtag(snapshot, encoding)));
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || ours.has(trimmed.replace(/^W\//, ''));
  });
}
