import { FeedbackBodySchema, feedbackProblem, FeedbackResultSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { guestsGet401, requireUser } from '../accounts.js';
import { submitFeedback } from '../feedback.js';
import { errorResponses, HttpError } from '../http-errors.js';
import { IdempotencyHeadersSchema, runWrite, sendOutcome, writeRequestFor } from '../idempotency.js';

/** 'I peed here!': a thumb and an optional comment on a restroom. */
export const feedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/feedback',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['feedback'],
        summary: 'Thumb up or down (one standing thumb per person) and an optional comment',
        headers: IdempotencyHeadersSchema,
        body: FeedbackBodySchema,
        response: { 201: FeedbackResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const problem = feedbackProblem(request.body);
      if (problem !== null) throw new HttpError(400, problem.message, problem.field);
      const outcome = await runWrite(app.db, writeRequestFor(request, user.id), async (trx, commentId) => ({
        statusCode: 201,
        body: await submitFeedback(trx, user, request.body, commentId, Date.now()),
      }));
      return sendOutcome(reply, outcome);
    },
  );
};
