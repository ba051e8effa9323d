import {
  AccountDeletionBodySchema,
  AccountDeletionSchema,
  AccountSessionListSchema,
  AccountSessionParamsSchema,
  PasswordChangeBodySchema,
  PersonalDataSchema,
  SessionsEndedSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { endSession, guestsGet401, requireUser } from '../http/access.js';
import { limitAuthFailures } from '../http/auth-rate-limits.js';
import { BODY_LIMITS } from '../http/body-limits.js';
import { errorResponses } from '../http/http-errors.js';
import { forgetDevice } from '../http/known-devices.js';
import { deleteSessionsOf } from '../repositories/sessions.js';
import { changePassword } from '../services/change-password.js';
import { confirmPassword } from '../services/confirm-password.js';
import { deleteAccount } from '../services/delete-account.js';
import { exportPersonalData } from '../services/export-personal-data.js';
import { endSessionOf, listSessions } from '../services/manage-sessions.js';

/**
 * What a signed-in person controls of their own account (docs/product-rules.md#accounts-and-passwords): the
 * password, their signed-in devices, their data to download, and deleting it all. These are not
 * idempotent writes for the outbox: each needs the network and is sent at once, and sending one
 * again is harmless (a second password change fails on the old password, a second deletion on 401).
 */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/password',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Change the password: the current one, then a new one under the registration policy; every other session ends',
        body: PasswordChangeBodySchema,
        response: { 200: SessionsEndedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const attempt = { action: 'password', address: request.ip, username: user.username } as const;
      return limitAuthFailures(app.db, reply, attempt, () => changePassword(app.db, user, request.body, request.session.sessionId));
    },
  );

  app.get(
    '/user/sessions',
    {
      preValidation: guestsGet401,
      schema: { tags: ['user'], summary: 'The devices signed in to this account, this one first', response: { 200: AccountSessionListSchema, ...errorResponses } },
    },
    async (request) => listSessions(app.db, requireUser(request), request.session.sessionId, Date.now()),
  );

  app.delete(
    '/user/sessions/:id',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Sign one device out (this one too, which is logging out)',
        params: AccountSessionParamsSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { wasCurrent } = await endSessionOf(app.db, requireUser(request), request.params.id, request.session.sessionId, Date.now());
      if (wasCurrent) await endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/sessions/end-others',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: { tags: ['user'], summary: 'Sign out every other device; this one stays', response: { 200: SessionsEndedSchema, ...errorResponses } },
    },
    async (request) => ({ sessions_ended: await deleteSessionsOf(app.db, requireUser(request).id, request.session.sessionId) }),
  );

  app.get(
    '/user/export',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Everything the server holds that this person made or did, as one JSON file (docs/privacy.md)',
        response: { 200: PersonalDataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const nowMs = Date.now();
      const day = new Date(nowMs).toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="allstall-data-${day}.json"`);
      return exportPersonalData(app.db, user, nowMs);
    },
  );

  app.delete(
    '/user',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Delete this account for good, confirmed with its password; its comments go or stay as "Deleted user"',
        body: AccountDeletionBodySchema,
        response: { 200: AccountDeletionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const attempt = { action: 'password', address: request.ip, username: user.username } as const;
      await limitAuthFailures(app.db, reply, attempt, () => confirmPassword(app.db, user, request.body.password, 'password'));
      const deletion = await deleteAccount(app.db, user, request.body.comments, Date.now());
      await endSession(request, reply);
      forgetDevice(reply);
      return deletion;
    },
  );
};
