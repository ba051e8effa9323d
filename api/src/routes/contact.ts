import {
  ContactBodySchema,
  ContactDecisionBodySchema,
  ContactItemSchema,
  ContactItemsSchema,
  contactProblem,
  ContactReceiptSchema,
  IdParamsSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nonAdminsRefused } from '../http/access.js';
import { errorResponses } from '../http/http-errors.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { listContactItems } from '../repositories/contact.js';
import { contactAdmins } from '../services/contact-admins.js';
import { resolveContact } from '../services/resolve-contact.js';

/** 'Contact Us!': a message to the admins, and their 'Feedback' list of them. */
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
    async ({ trx, rowId, user, body }) => contactAdmins(trx, user, body, rowId, Date.now()),
  );

  app.get(
    '/contact',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['contact', 'admin'],
        summary: 'Messages to the admins, unresolved first, each group oldest first',
        response: { 200: ContactItemsSchema, ...errorResponses },
      },
    },
    async () => listContactItems(app.db),
  );

  idempotentWrite(
    app,
    {
      method: 'PATCH',
      url: '/contact/:id',
      tags: ['contact', 'admin'],
      summary: 'Mark a message as resolved',
      params: IdParamsSchema,
      body: ContactDecisionBodySchema,
      status: 200,
      answer: ContactItemSchema,
      admin: true,
      // Resolved, by whom and when stay; the message itself is in the admin's list, not needed again here.
      minimalAnswer: (item) => ({ ...item, details: '' }),
    },
    async ({ trx, user, params: { id } }) => resolveContact(trx, user, id.toLowerCase(), Date.now()),
  );
};
