import { CredentialsSchema, UserSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authenticate, endSession, registerAccount, requireUser, startSession } from '../accounts.js';
import { errorResponses } from '../http-errors.js';

/** Accounts and sessions: register, log in, log out, who am I. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/register',
    { schema: { tags: ['user'], body: CredentialsSchema, response: { 201: UserSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await registerAccount(app.db, request.body, Date.now());
      await startSession(request, user);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/user/login',
    { schema: { tags: ['user'], body: CredentialsSchema, response: { 200: UserSchema, ...errorResponses } } },
    async (request) => {
      const user = await authenticate(app.db, request.body);
      await startSession(request, user);
      return user;
    },
  );

  app.post(
    '/user/logout',
    { schema: { tags: ['user'], response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user',
    { schema: { tags: ['user'], response: { 200: UserSchema, ...errorResponses } } },
    async (request) => requireUser(request),
  );
};
