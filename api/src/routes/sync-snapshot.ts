import { COMPACT_RESTROOM_FORMAT, SNAPSHOT_FORMAT } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { sendCompressed, type BodyEncoding } from '../http/compressed-replies.js';
import { errorResponses } from '../http/http-errors.js';
import type { SyncSnapshot } from '../snapshots/snapshot-cache.js';

/**
 * The snapshot is the same for every device until the feed moves, so a CDN may keep it for a minute
 * and serve it on while it fetches the next. Browsers revalidate every time (max-age=0): a device
 * asks only on its first sync, and a 304 from the ETag is cheap.
 */
const SNAPSHOT_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const NDJSON = 'application/x-ndjson';

/** GET /api/sync/snapshot: a device's first sync in one answer (docs/architecture.md#the-change-feed, shared/src/schemas/sync.ts). */
export const syncSnapshotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync/snapshot',
    {
      // The bodies are compressed once per version (snapshots/snapshot-cache.ts); @fastify/compress must not do it again per request.
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
      const snapshot = await app.syncSnapshots.snapshot();
      return sendCompressed(request, typedReply as FastifyReply, {
        body: snapshot,
        contentType: NDJSON,
        cacheControl: SNAPSHOT_CACHE_CONTROL,
        etag: (encoding) => snapshotEtag(snapshot, encoding),
      });
    },
  );
};

/**
 * A strong ETag per version, formats and coding: every process that builds the snapshot of one
 * version makes the same bytes, so the tag is good across instances behind a CDN.
 */
function snapshotEtag(snapshot: Pick<SyncSnapshot, 'version'>, encoding: BodyEncoding): string {
  return `"snapshot-${SNAPSHOT_FORMAT}.${COMPACT_RESTROOM_FORMAT}-${snapshot.version}-${encoding}"`;
}
