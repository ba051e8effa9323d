import fastifyPlugin from 'fastify-plugin';
import { contentRangeOf, rangeRequestOf, unsatisfiedContentRange } from '../http/byte-ranges.js';
import { ifRangeHolds, noneMatchHits } from '../http/entity-tags.js';
import { HttpError } from '../errors/http-error.js';

/**
 * A versioned name never changes its bytes, so it may be kept for a year without asking again
 * (`immutable`: not even on a reload). `no-transform` keeps a proxy from recompressing the bytes the
 * ranges count.
 */
const CACHE_CONTROL = 'public, max-age=31536000, immutable, no-transform';
/** The type the PMTiles spec recommends. */
const CONTENT_TYPE = 'application/vnd.pmtiles';

/**
 * GET (and HEAD) /map-pack/VERSION.pmtiles: the MAP_PACK_FILE, whole or by byte range
 * (docs/map-pack.md#serving). Not @fastify/static: its ETag is weak and built from the file's
 * modification time, so no two servers (nor one server after a copy of the file) agree on it, and
 * it honours If-Range on a weak tag, which RFC 9110 forbids because the bytes may differ; a resumed
 * download could then splice two packs.
 *
 * The ETag is strong and built from the content (the tag of its header, root directory, metadata and
 * size, api/src/map-pack/inspect-pack.ts), so it is the same on every server holding the pack.
 */
export const mapPackRoutes = fastifyPlugin(async (app) => {
  // Only a pack from MAP_PACK_FILE is served here; one at MAP_PACK_URL is served by its own host.
  const pack = app.mapPackFile;
  if (pack === null) return;
  const { version, size, contentTag } = pack.inspected;
  const fileName = `${version}.pmtiles`;
  const etag = `"${contentTag}"`;

  app.route<{ Params: { name: string } }>({
    // HEAD handled here rather than by Fastify's own HEAD route, which would read the whole file
    // through to discard it and answer Content-Length: 0.
    method: ['GET', 'HEAD'],
    url: '/map-pack/:name',
    // The bytes are compressed already (tiles and directories), and a compressed body would not
    // be the bytes the ranges count.
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      // Another name is an older pack's (or nothing): its bytes are gone, so it is not found.
      if (request.params.name !== fileName) return reply.callNotFound();
      if (!(await pack.isUnchanged())) {
        request.log.error('MAP_PACK_FILE was written over since the api started; restart the api to serve the new pack (moving a new file into place instead keeps the old one served until then)');
        throw new HttpError(503, 'storage.unavailableRead');
      }
      reply.header('accept-ranges', 'bytes');
      if (noneMatchHits(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
      }
      // Range means something for GET only (RFC 9110 §14.2); a HEAD gets the whole's headers.
      const range = request.method === 'GET' && ifRangeHolds(header(request.headers['if-range']), etag)
        ? rangeRequestOf(header(request.headers.range), size)
        : { kind: 'whole' as const };
      if (range.kind === 'malformed') {
        throw new HttpError(400, 'request.invalid', {
          field: 'Range',
          message: `The Range header must be bytes=FIRST-LAST, bytes=FIRST- or bytes=-LENGTH, got '${header(request.headers.range) ?? ''}'.`,
        });
      }
      if (range.kind === 'unsatisfiable') {
        return reply.code(416).header('content-range', unsatisfiedContentRange(size)).send();
      }
      const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
      if (range.kind === 'part') reply.code(206).header('content-range', contentRangeOf(start, end, size));
      reply
        .header('etag', etag)
        .header('cache-control', CACHE_CONTROL)
        .header('content-type', CONTENT_TYPE)
        .header('content-length', String(end - start + 1));
      if (request.method === 'HEAD' || end < start) return reply.send();
      return reply.send(pack.stream(start, end));
    },
  });
}, { name: 'allstall-map-pack-routes', dependencies: ['allstall-map-pack'] });

/** A header Node may give as a list when it came more than once; only one is meaningful here. */
function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
