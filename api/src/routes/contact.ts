import { ContactBodySchema, contactProblem, ContactReceiptSchema, type ContactReceipt } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { guestsGet401, requireUser } from '../accounts.js';
import { errorResponses, HttpError } from '../http-errors.js';
import { IdempotencyHeadersSchema, runWrite, sendOutcome, writeRequestFor } from '../idempotency.js';
import { insertContact } from '../repositories/contact.js';
import { isoFromEpochMs } from '../repositories/convert.js';

/** 'Contact Us!': a message to the admins. */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/contact',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['contact'],
        summary: 'Send the admins a message',
        headers: IdempotencyHeadersSchema,
        body: ContactBodySchema,
        response: { 201: ContactReceiptSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const problem = contactProblem(request.body);
      if (problem !== null) throw new HttpError(400, problem.message, problem.field);
      const outcome = await runWrite(app.db, writeRequestFor(request, user.id), async (trx, contactId) => {
        const insertedAtMs = Date.now();
        await insertContact(trx, { id: contactId, userId: user.id, details: request.body.details.trim(), insertedAtMs });
        const receipt: ContactReceipt = { id: contactId, inserted_at: isoFromEpochMs(insertedAtMs) };
        return { statusCode: 201, body: receipt };
      });
      return sendOutcome(reply, outcome);
    },
  );
};
