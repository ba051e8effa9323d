import { ContactBodySchema, contactProblem, ContactReceiptSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { insertContact } from '../repositories/contact.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { idempotentWrite } from '../idempotent-write.js';

/** 'Contact Us!': a message to the admins. */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/contact',
      tags: ['contact'],
      summary: 'Send the admins a message',
      body: ContactBodySchema,
      problem: contactProblem,
      status: 201,
      answer: ContactReceiptSchema,
    },
    async ({ trx, rowId, user, body }) => {
      const insertedAtMs = Date.now();
      await insertContact(trx, { id: rowId, userId: user.id, details: body.details.trim(), insertedAtMs });
      return { id: rowId, inserted_at: isoFromEpochMs(insertedAtMs) };
    },
  );
};
