import { SyncPieceIndexSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { sendCompressed } from '../http/compressed-replies.js';
import { errorResponses } from '../http/http-errors.js';
import { HttpError } from '../errors/http-error.js';

/** The index changes with the feed: revalidated every time (a 304 from its ETag is cheap), kept a minute by a CDN. */
const INDEX_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A piece's name is a hash of its bytes: the same name is the same bytes for ever. */
const PIECE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const NDJSON = 'application/x-ndjson';

/**
 * GET /api/sync/pieces and GET /api/sync/pieces/NAME: a device's first sync in pieces, the person's
 * first (docs/offline-data.md#first-sync-in-pieces, shared/src/schemas/sync.ts).
 */
export const syncPiecesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sync/pieces',
    {
      // Compressed once per build (snapshots/sync-pieces.ts); @fastify/compress must not do it again.
      compress: false,
      schema: {
        tags: ['sync'],
        summary: "The index of the first sync's pieces: every quadtree cell of the public set with its piece's name and counts, at one feed version",
        response: { 200: SyncPieceIndexSchema, 304: { description: 'The index named by If-None-Match is still the one served', type: 'null' }, ...errorResponses },
      },
    },
    async (request, typedReply) => {
      const build = await app.syncPieces.index();
      return sendCompressed(request, typedReply as FastifyReply, {
        body: build.indexBody,
        contentType: 'application/json; charset=utf-8',
        cacheControl: INDEX_CACHE_CONTROL,
        etag: (encoding) => `"pieces-${build.index.format}.${build.index.restroomFormat}-${build.version}-${encoding}"`,
      });
    },
  );

  app.get(
    '/sync/pieces/:name',
    {
      compress: false,
      schema: {
        tags: ['sync'],
        summary: "One piece of the first sync: its restrooms' snapshot lines, then their comments', then {\"end\":true}",
        params: Type.Object({ name: Type.String({ pattern: '^(x|[0-3]{0,24})\\.[0-9a-f]{16}$', maxLength: 41 }) }),
        response: {
          200: { description: 'Snapshot lines (SyncSnapshotWireLineSchema), no header', content: { [NDJSON]: { schema: { type: 'string' } } } },
          304: { description: 'The piece named by If-None-Match (the same bytes for ever)', type: 'null' },
          ...errorResponses,
        },
      },
    },
    async (request, typedReply) => {
      const { name } = request.params;
      // A process that has built nothing yet builds now, so a piece named by another instance's index may be here.
      const body = app.syncPieces.piece(name) ?? (await app.syncPieces.index(), app.syncPieces.piece(name));
      if (body === undefined) throw new HttpError(404, 'sync.pieceGone', { field: 'name' });
      return sendCompressed(request, typedReply as FastifyReply, {
        body,
        contentType: NDJSON,
        cacheControl: PIECE_CACHE_CONTROL,
        etag: (encoding) => `"piece-${name}-${encoding}"`,
      });
    },
  );
};
