import {
  FlagBodySchema,
  FlagDecisionBodySchema,
  FlagDecisionResultSchema,
  flagProblem,
  FlagReceiptSchema,
  FlagReviewsSchema,
  IdParamsSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nonAdminsRefused } from '../http/access.js';
import { errorResponses } from '../http/http-errors.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { listOpenFlags } from '../repositories/flags.js';
import { flagRestroom } from '../services/flag-restroom.js';
import { decideFlag } from '../services/decide-flag.js';

/** 'Something not look right?': a suggested correction, and the admins' review of it ('Flagged Bathrooms'). */
export const flagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/flags',
      tags: ['flags'],
      summary: 'Suggest corrections to a restroom, or report it closed',
      body: FlagBodySchema,
      problem: flagProblem,
      status: 201,
      answer: FlagReceiptSchema,
    },
    async ({ trx, rowId, user, body }) => flagRestroom(trx, user, body, rowId, Date.now()),
  );

  app.get(
    '/flags',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['flags', 'admin'],
        summary: 'Open flags, oldest first: who flagged what, the proposal above the original, and what it changes',
        response: { 200: FlagReviewsSchema, ...errorResponses },
      },
    },
    async () => listOpenFlags(app.db),
  );

  idempotentWrite(
    app,
    {
      method: 'PATCH',
      url: '/flags/:id',
      tags: ['flags', 'admin'],
      summary: 'Approve a flag (applying its proposal, with the admin’s edits over it) or reject it',
      params: IdParamsSchema,
      body: FlagDecisionBodySchema,
      status: 200,
      answer: FlagDecisionResultSchema,
      admin: true,
    },
    async ({ trx, user, params: { id }, body }) => decideFlag(trx, user, id.toLowerCase(), body, Date.now()),
  );
};
