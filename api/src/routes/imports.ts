import {
  ImportBodySchema,
  importProblem,
  ImportResultSchema,
  importRowFromOsm,
  importRowFromRefuge,
  OsmImportReviewSchema,
  RefugeImportPageSchema,
  RefugeImportQuerySchema,
  type ImportReviewRow,
  type ImportRow,
  type ImportSource,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { nonAdminsRefused } from '../http/access.js';
import { BODY_LIMITS } from '../http/body-limits.js';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { logUpstreamFailures } from '../geocoding/upstream.js';
import { errorResponses } from '../http/http-errors.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { timetableOrUnknown } from '../imports/osm-hours.js';
import { fetchOsmToilets } from '../imports/overpass-toilets.js';
import { createRefugeClient } from '../imports/refuge-client.js';
import { importedRestroomIds } from '../repositories/imports.js';
import { importListings } from '../services/import-listings.js';

/**
 * The importers behind /admin/addbathrooms (admins only): listings from Refuge Restrooms, a page at
 * a time, and OpenStreetMap's toilets in the region, each cleaned and shown for review with what is
 * already imported; then 'Add all to database', which upserts the reviewed rows. A source that
 * fails or does not answer in time is a 502.
 */
export const importRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const timeoutMs = config.geocoderTimeoutMs;
  const refuge = createRefugeClient({ url: config.refugeApiUrl, timeoutMs });

  logUpstreamFailures(app);

  app.get(
    '/admin/import/refuge',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: 'One page of Refuge Restrooms listings around the region, cleaned, for review',
        querystring: RefugeImportQuerySchema,
        response: { 200: RefugeImportPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const answer = await refuge.byLocation(config.region.importPoint, page, per_page);
      return {
        source: 'refuge' as const,
        page: answer.page,
        per_page: answer.perPage,
        total: answer.total,
        total_pages: answer.totalPages,
        rows: await forReview(app.db, 'refuge', answer.records.map((record) => importRowFromRefuge(record, config.region))),
      };
    },
  );

  app.get(
    '/admin/import/osm',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: "OpenStreetMap's toilets in the region's bounding box, mapped conservatively, for review",
        response: { 200: OsmImportReviewSchema, ...errorResponses },
      },
    },
    async () => {
      const elements = [];
      // One box after another: Overpass is a shared service, and the boxes of a city are few.
      for (const box of config.region.importBoxes) elements.push(...(await fetchOsmToilets({ url: config.overpassUrl, timeoutMs }, box)));
      const rows = elements.map((element) => importRowFromOsm(element, timetableOrUnknown, config.region));
      return { source: 'osm' as const, rows: await forReview(app.db, 'osm', rows) };
    },
  );

  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/admin/import',
      tags: ['admin'],
      summary: 'Add reviewed listings, or refresh those already imported; the same rows twice change nothing',
      body: ImportBodySchema,
      problem: importProblem,
      status: 200,
      answer: ImportResultSchema,
      admin: true,
      bodyLimit: BODY_LIMITS.import,
      // The counts stay; the list of unplaced rows was for the admin looking at the screen then.
      minimalAnswer: (result) => ({ ...result, withoutCoordinates: [] }),
    },
    async ({ trx, rowId, user, body }) => importListings(trx, user, body, rowId, Date.now()),
  );
};

/**
 * The rows, each listing once, with whether each is already in our database, so the screen can say
 * so. A listing a source repeats would otherwise make the whole import be refused.
 */
async function forReview(db: Kysely<Database>, source: ImportSource, rows: readonly ImportRow[]): Promise<ImportReviewRow[]> {
  const unique = [...new Map(rows.map((row) => [row.source_id, row])).values()];
  const imported = await importedRestroomIds(db, source, unique.map((row) => row.source_id));
  return unique.map((row) => {
    const restroomId = imported.get(row.source_id) ?? null;
    return { ...row, already_imported: restroomId !== null, restroom_id: restroomId };
  });
}
