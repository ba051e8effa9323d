import { DATABASE_LICENCE, OPEN_DATA_PATHS, OpenDataIndexSchema, type OpenDataIndex } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { sendCompressed, type BodyEncoding } from '../http/compressed-replies.js';
import { errorResponses } from '../http/http-errors.js';
import type { OpenDataExport } from '../snapshots/open-data-export.js';

/*
 * The open-data export (docs/product-rules.md#open-data): public, no login, the same for everyone
 * until the feed moves. Built once per feed version (snapshots/open-data-export.ts).
 */

/** As the snapshot: a CDN may keep it a minute; a browser revalidates, and the ETag makes that a 304. */
const EXPORT_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Bump when the files' columns or shape change, so no cache answers an old shape for a new version. */
const EXPORT_FORMAT = 1;

const FILES = {
  geojson: { path: OPEN_DATA_PATHS.geojson, mediaType: 'application/geo+json', extension: 'geojson' },
  csv: { path: OPEN_DATA_PATHS.csv, mediaType: 'text/csv; charset=utf-8; header=present', extension: 'csv' },
} as const;
type ExportFormat = keyof typeof FILES;

/**
 * Weak, since `generated_at` inside differs between two instances that build one version: the
 * data, not the bytes, is what the tag vouches for (RFC 9110 §8.8.1).
 */
function exportEtag(format: ExportFormat, version: number, encoding: BodyEncoding): string {
  return `W/"restrooms-${format}-${EXPORT_FORMAT}-${version}-${encoding}"`;
}

/** GET /api/export and the two files. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    OPEN_DATA_PATHS.index.slice('/api'.length),
    {
      schema: {
        tags: ['open data'],
        summary: 'Where the open-data files are, the feed version they stand at, and their licences',
        response: { 200: OpenDataIndexSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const built = await app.openDataExports.current();
      reply.header('cache-control', EXPORT_CACHE_CONTROL).header('access-control-allow-origin', '*');
      const index: OpenDataIndex = {
        ...built.about,
        restrooms: built.restrooms,
        files: (Object.keys(FILES) as ExportFormat[]).map((format) => ({
          format,
          url: FILES[format].path,
          media_type: FILES[format].mediaType,
        })),
      };
      return index;
    },
  );

  for (const format of Object.keys(FILES) as ExportFormat[]) {
    const file = FILES[format];
    app.get(
      file.path.slice('/api'.length),
      {
        // Compressed once per version; @fastify/compress must not do it again per request.
        compress: false,
        schema: {
          tags: ['open data'],
          summary:
            format === 'geojson'
              ? 'Every public restroom as a GeoJSON FeatureCollection, with the licences and feed version as foreign members'
              : 'Every public restroom as RFC 4180 CSV, one row each with its source and licence',
          response: {
            200: { description: 'The file at the newest feed version built', content: { [file.mediaType]: { schema: { type: 'string' } } } },
            304: { description: 'The file named by If-None-Match is still the one served', type: 'null' },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const built = await app.openDataExports.current();
        return sendCompressed(request, reply as FastifyReply, {
          body: built[format],
          contentType: file.mediaType,
          cacheControl: EXPORT_CACHE_CONTROL,
          etag: (encoding) => exportEtag(format, built.version, encoding),
          headers: fileHeaders(built, file.extension),
        });
      },
    );
  }
};

/**
 * The licence of the whole (each row names its own too), where the files are described, and a
 * download name that says which version it is. Open data is for other sites too: any origin may read it.
 */
function fileHeaders(built: OpenDataExport, extension: string): Record<string, string> {
  return {
    link: `<${DATABASE_LICENCE.url}>; rel="license", <${OPEN_DATA_PATHS.index}>; rel="describedby"`,
    'content-disposition': `attachment; filename="allstall-restrooms-${built.version}.${extension}"`,
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  };
}
