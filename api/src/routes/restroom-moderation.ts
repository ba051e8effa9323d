import { IdParamsSchema, PendingRestroomsSchema, RestroomDecisionBodySchema, restroomDecisionProblem, RestroomDecisionResultSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { nonAdminsRefused } from '../http/access.js';
import { errorResponses } from '../http/http-errors.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { listPendingRestrooms } from '../repositories/admin-restrooms.js';
import { decideRestroom, deleteRestroomForGood } from '../services/moderate-restrooms.js';

/** The admins' side of restrooms: the approval queue, and every decision on one (docs/product-rules.md#admin-screens). */
export const restroomModerationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/pending',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: 'Restrooms awaiting approval, oldest first, with who added them and their comments',
        response: { 200: PendingRestroomsSchema, ...errorResponses },
      },
    },
    async () => listPendingRestrooms(app.db),
  );

  idempotentWrite(
    app,
    {
      method: 'PATCH',
      url: '/bathrooms/:id',
      tags: ['admin'],
      summary: 'Edit a restroom, approve or reject one under review, remove it from display or show it again',
      params: IdParamsSchema,
      body: RestroomDecisionBodySchema,
      problem: restroomDecisionProblem,
      status: 200,
      answer: RestroomDecisionResultSchema,
      admin: true,
    },
    async ({ trx, user, params: { id }, body }) => decideRestroom(trx, user, id.toLowerCase(), body, Date.now()),
  );

  idempotentWrite(
    app,
    {
      method: 'DELETE',
      url: '/bathrooms/:id',
      tags: ['admin'],
      summary: 'Delete a restroom for good (its comments, votes, hours and flags go with it); devices drop it on their next pull',
      params: IdParamsSchema,
      status: 204,
      answer: Type.Null(),
      admin: true,
    },
    async ({ trx, user, params: { id } }) => {
      await deleteRestroomForGood(trx, user, id.toLowerCase(), Date.now());
      return null;
    },
  );
};
