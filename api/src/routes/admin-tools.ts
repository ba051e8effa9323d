import {
  GeocodeToolBodySchema,
  GeocodeToolReportSchema,
  hoursRangeProblem,
  HoursToolBodySchema,
  HoursToolReportSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { lookUpPositions, storePositions } from '../admin-tools/geocode-tool.js';
import { lookUpHours, storeHours } from '../admin-tools/hours-tool.js';
import type { AppConfig } from '../config.js';
import { createGeocodingService } from '../geocoding/geocoding-service.js';
import { logUpstreamFailures } from '../geocoding/upstream.js';
import { idempotentWrite } from '../http/idempotent-write.js';

/** Nominatim's usage policy: bulk work at no more than one request a second. Photon takes them back to back. */
const NOMINATIM_PACE_MS = 1000;

/**
 * The /api tools page: fill in what imports left out. Each call looks its batch up first and then
 * writes it in one transaction, so a failing service (502) changes nothing; each change is logged
 * and goes out through the change feed.
 */
export const adminToolRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const geocoding = createGeocodingService(config);
  const geocoderPaceMs = config.geocoder.kind === 'nominatim' ? NOMINATIM_PACE_MS : 0;
  logUpstreamFailures(app);

  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/admin/tools/geocode',
      tags: ['admin tools'],
      summary: 'Geocode the next batch of restrooms without a position, and say what changed (admin)',
      body: GeocodeToolBodySchema,
      status: 200,
      answer: GeocodeToolReportSchema,
      admin: true,
      prepare: ({ body }) => lookUpPositions(app.db, geocoding, body.afterId, geocoderPaceMs, config.region),
      // What to do next (`remaining`, `nextAfterId`) stays; the lists were for the admin reading them then.
      minimalAnswer: (report) => ({ ...report, updated: [], notFound: [] }),
    },
    async ({ trx, user, prepared }) => storePositions(trx, user, prepared, Date.now()),
  );

  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/admin/tools/hours',
      tags: ['admin tools'],
      summary: 'Fill opening hours from OpenStreetMap for a range of restroom ids, and say what changed (admin)',
      body: HoursToolBodySchema,
      problem: hoursRangeProblem,
      status: 200,
      answer: HoursToolReportSchema,
      admin: true,
      prepare: ({ body }) => lookUpHours(app.db, geocoding, body),
      minimalAnswer: (report) => ({ ...report, updated: [] }),
    },
    async ({ trx, user, prepared }) => storeHours(trx, user, prepared, Date.now()),
  );
};
