import {
  AutocompleteQuerySchema,
  GeocodeQuerySchema,
  PlaceDetailsSchema,
  PlaceIdParamsSchema,
  PlaceListSchema,
  ReverseQuerySchema,
  restroomAtPlace,
  SAME_PLACE_RADIUS_METERS,
  type HoursRange,
  type Place,
  type Restroom,
} from '@allstall/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createGeocodingService, type GeocodingService } from '../geocoding/geocoding-service.js';
import { parseOpeningHours } from '../geocoding/opening-hours.js';
import { osmRefFromPlaceId, type OsmRef } from '../geocoding/provider.js';
import { logUpstreamFailures, UpstreamError } from '../geocoding/upstream.js';
import { errorResponses } from '../http/http-errors.js';
import { HttpError } from '../errors/http-error.js';
import { listVisibleRestroomRowsAroundPlace } from '../repositories/place-restrooms.js';
import { restroomsWithHours } from '../repositories/restrooms.js';

const placeListResponse = { 200: PlaceListSchema, ...errorResponses };

/**
 * Address search, suggestions, the address at a spot, and one place with its opening hours and the
 * restroom already listed there. The geocoder or Overpass failing answers 502, never a hang.
 */
export const placesRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const geocoding = createGeocodingService(config);

  logUpstreamFailures(app);

  app.get(
    '/places/autocomplete',
    { schema: { tags: ['places'], querystring: AutocompleteQuerySchema, response: placeListResponse } },
    async (request) => {
      const { input, lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        const missing = lat === undefined ? 'lat' : 'lng';
        throw new HttpError(400, 'validation.requiredWith', { field: missing, params: { field: missing, other: missing === 'lat' ? 'lng' : 'lat' } });
      }
      const text = input.trim();
      if (text === '') return { results: [] };
      const near = lat === undefined || lng === undefined ? undefined : { lat, lng };
      return { results: await geocoding.autocomplete(text, near) };
    },
  );

  app.get(
    '/geocode',
    { schema: { tags: ['places'], querystring: GeocodeQuerySchema, response: placeListResponse } },
    async (request) => {
      const address = request.query.address.trim();
      return { results: address === '' ? [] : await geocoding.search(address) };
    },
  );

  app.get(
    '/places/reverse',
    { schema: { tags: ['places'], querystring: ReverseQuerySchema, response: placeListResponse } },
    async (request) => ({ results: await geocoding.reverse(request.query) }),
  );

  app.get(
    '/places/:placeId',
    { schema: { tags: ['places'], params: PlaceIdParamsSchema, response: { 200: PlaceDetailsSchema, ...errorResponses } } },
    async (request) => {
      const ref = osmRefFromPlaceId(request.params.placeId);
      const place = ref === undefined ? null : await geocoding.place(ref);
      if (ref === undefined || place === null) throw new HttpError(404, 'place.notFound', { field: 'placeId' });
      const [hours, existing] = await Promise.all([osmOpeningHours(geocoding, ref, request.log), listedRestroomAt(app.db, place)]);
      return { place, hours, existing };
    },
  );
};

/** The visible restroom that is this place, with its hours; null when it is not listed yet. */
async function listedRestroomAt(db: Kysely<Database>, place: Place): Promise<Restroom | null> {
  const { place_id: placeId, geometry } = place;
  const candidates = await listVisibleRestroomRowsAroundPlace(db, placeId, geometry.location, SAME_PLACE_RADIUS_METERS);
  const match = restroomAtPlace(place, candidates);
  if (match === undefined) return null;
  const [restroom] = await restroomsWithHours(db, [match]);
  return restroom ?? null;
}

/** The place's hours from OpenStreetMap; unknown (null) when Overpass fails, since the place itself still answers. */
async function osmOpeningHours(geocoding: GeocodingService, ref: OsmRef, log: FastifyBaseLogger): Promise<HoursRange[] | null> {
  try {
    return parseOpeningHours((await geocoding.osmTags(ref))?.opening_hours);
  } catch (error) {
    const detail = error instanceof UpstreamError ? error.detail : undefined;
    log.warn({ err: error, detail }, 'opening hours unavailable');
    return null;
  }
}
