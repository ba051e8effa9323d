import { FEED_VERSION_HEADER, FeedbackBodySchema, feedbackProblem, FeedbackResultSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { leaveFeedback } from '../services/leave-feedback.js';
import { idempotentWrite } from '../http/idempotent-write.js';

/** 'I peed here!': a thumb and an optional comment on a restroom. */
export const feedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/feedback',
      tags: ['feedback'],
      summary: 'Thumb up or down (one standing thumb per person) and an optional comment',
      body: FeedbackBodySchema,
      problem: feedbackProblem,
      status: 201,
      answer: FeedbackResultSchema,
      // The write's own version is `meta.seq` when the restroom is read back in its transaction (the
      // write holds the counter until it commits), so the answer is at least that new.
      answerHeaders: (result) => ({ [FEED_VERSION_HEADER]: result.version }),
      // The restroom and version still stage the device's mirror; the comment (the bulk) reached it
      // through the feed long before the answer window ends.
      minimalAnswer: (result) => ({ ...result, comment: null }),
    },
    async ({ trx, rowId, user, body }) => leaveFeedback(trx, user, body, rowId, Date.now()),
  );
};
