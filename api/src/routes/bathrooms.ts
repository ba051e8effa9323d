import {
  FEED_VERSION_HEADER,
  IdParamsSchema,
  NearbyQuerySchema,
  NearbyRestroomSchema,
  NewRestroomBodySchema,
  newRestroomProblem,
  NewRestroomReceiptSchema,
  RestroomDetailSchema,
  RestroomListQuerySchema,
  RestroomSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../http/http-errors.js';
import { HttpError } from '../errors/http-error.js';
import { addRestroom } from '../services/add-restroom.js';
import { readMeta } from '../repositories/feed-versions.js';
import { listCommentsForRestroom } from '../repositories/comments.js';
import { requireAdmin } from '../http/access.js';
import { nearestVisibleRestrooms } from '../repositories/nearby-restrooms.js';
import { findVisibleRestroom, listRestrooms } from '../repositories/restrooms.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import type { AppConfig } from '../config.js';

const NEARBY_DEFAULT_LIMIT = 20;

/**
 * Public reads of restrooms (the whole visible list, the nearest ones, and one with its comments),
 * and 'Submit bathroom', which adds one for review.
 */
export const bathroomRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/bathrooms',
    {
      schema: {
        tags: ['bathrooms'],
        summary: 'Visible restrooms, oldest first; admins add pending, rejected and removed ones with all=1',
        querystring: RestroomListQuerySchema,
        response: { 200: Type.Array(RestroomSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { all = false, q } = request.query;
      if (all) requireAdmin(request);
      return listRestrooms(app.db, { includeHidden: all, filter: q });
    },
  );

  app.get(
    '/bathrooms/nearby',
    {
      schema: {
        tags: ['bathrooms'],
        querystring: NearbyQuerySchema,
        response: { 200: Type.Array(NearbyRestroomSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { lat, lng, limit = NEARBY_DEFAULT_LIMIT } = request.query;
      return nearestVisibleRestrooms(app.db, { lat, lng }, limit);
    },
  );

  app.get(
    '/bathrooms/:id',
    { schema: { tags: ['bathrooms'], params: IdParamsSchema, response: { 200: RestroomDetailSchema, ...errorResponses } } },
    async (request, reply) => {
      // Read before the row: the answer holds every change up to this version (and maybe later ones),
      // so a device can tell whether it is at least as new as its mirror (FEED_VERSION_HEADER).
      reply.header(FEED_VERSION_HEADER, String(await readMeta(app.db, 'seq')));
      const restroom = await findVisibleRestroom(app.db, request.params.id);
      if (restroom === undefined) throw new HttpError(404, 'restroom.notFound', { field: 'id' });
      return { ...restroom, comments: await listCommentsForRestroom(app.db, restroom.id) };
    },
  );

  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/bathrooms',
      tags: ['bathrooms'],
      summary: 'Add a restroom: pending until an admin approves it (an admin’s own is approved at once)',
      body: NewRestroomBodySchema,
      problem: newRestroomProblem,
      bodyRowId: { field: 'bathroomToAdd.id', of: (body) => body.bathroomToAdd.id },
      status: 201,
      answer: NewRestroomReceiptSchema,
    },
    async ({ trx, rowId, user, body }) => addRestroom(trx, user, body, rowId, Date.now(), config.region.state),
  );
};
