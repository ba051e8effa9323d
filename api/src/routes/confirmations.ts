import { ConfirmationBodySchema, ConfirmationResultSchema, FEED_VERSION_HEADER } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { confirmRestroom } from '../services/confirm-restroom.js';

/** 'Still there': a signed-in person confirms a restroom is there and as described, once a day. */
export const confirmationRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/confirmations',
      tags: ['confirmations'],
      summary: 'Confirm a restroom is still there and as described (counts once per person and day)',
      body: ConfirmationBodySchema,
      status: 200,
      answer: ConfirmationResultSchema,
      answerHeaders: (result) => ({ [FEED_VERSION_HEADER]: result.version }),
    },
    async ({ trx, rowId, user, body }) => confirmRestroom(trx, user, body, rowId, Date.now(), config.region.timeZone),
  );
};
