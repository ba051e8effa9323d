import {
  IdParamsSchema,
  nearestRestrooms,
  NearbyQuerySchema,
  NearbyRestroomSchema,
  NewRestroomBodySchema,
  newRestroomProblem,
  NewRestroomReceiptSchema,
  RestroomDetailSchema,
  RestroomSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { guestsGet401, requireUser } from '../accounts.js';
import { errorResponses, HttpError } from '../http-errors.js';
import { IdempotencyHeadersSchema, runWrite, sendOutcome, writeRequestFor, type WriteRequest } from '../idempotency.js';
import { submitNewRestroom } from '../new-restroom.js';
import { listCommentsForRestroom } from '../repositories/comments.js';
import {
  findVisibleRestroom,
  listLocatedVisibleRestroomRows,
  listVisibleRestrooms,
  restroomsWithHours,
} from '../repositories/restrooms.js';

const NEARBY_DEFAULT_LIMIT = 20;
const NoQuerySchema = Type.Object({}, { additionalProperties: false });

/**
 * Public reads of restrooms (the whole visible list, the nearest ones, and one with its comments),
 * and 'Submit bathroom', which adds one for review.
 */
export const bathroomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bathrooms',
    { schema: { tags: ['bathrooms'], querystring: NoQuerySchema, response: { 200: Type.Array(RestroomSchema), ...errorResponses } } },
    async () => listVisibleRestrooms(app.db),
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
      const nearest = nearestRestrooms(await listLocatedVisibleRestroomRows(app.db), { lat, lng }, limit);
      const restrooms = await restroomsWithHours(app.db, nearest);
      return restrooms.map((restroom, index) => ({ ...restroom, distance: nearest[index]?.distance ?? 0 }));
    },
  );

  app.get(
    '/bathrooms/:id',
    { schema: { tags: ['bathrooms'], params: IdParamsSchema, response: { 200: RestroomDetailSchema, ...errorResponses } } },
    async (request) => {
      const restroom = await findVisibleRestroom(app.db, request.params.id);
      if (restroom === undefined) throw new HttpError(404, 'No such restroom.', 'id');
      return { ...restroom, comments: await listCommentsForRestroom(app.db, restroom.id) };
    },
  );

  app.post(
    '/bathrooms',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['bathrooms'],
        summary: 'Add a restroom: pending until an admin approves it (an admin’s own is approved at once)',
        headers: IdempotencyHeadersSchema,
        body: NewRestroomBodySchema,
        response: { 201: NewRestroomReceiptSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const problem = newRestroomProblem(request.body);
      if (problem !== null) throw new HttpError(400, problem.message, problem.field);
      const write = keyedByRestroomId(writeRequestFor(request, user.id), request.body.bathroomToAdd.id);
      const outcome = await runWrite(app.db, write, async (trx, restroomId) => ({
        statusCode: 201,
        body: await submitNewRestroom(trx, user, request.body, restroomId, Date.now()),
      }));
      return sendOutcome(reply, outcome);
    },
  );
};

/**
 * The new restroom's id and the write's key are one UUID: a body `id` must match the header's key,
 * and stands in for it when the header is missing, so a resend can never add the restroom twice.
 */
function keyedByRestroomId(write: WriteRequest, restroomId: string | undefined): WriteRequest {
  if (restroomId === undefined) return write;
  const id = restroomId.toLowerCase();
  if (write.key === undefined) return { ...write, key: id };
  if (write.key !== id) {
    throw new HttpError(400, 'bathroomToAdd.id must be the same UUID as the Idempotency-Key header.', 'bathroomToAdd.id');
  }
  return write;
}
