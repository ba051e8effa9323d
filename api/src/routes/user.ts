import { CredentialsSchema, UserSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticate, endSession, registerAccount, requireUser, startSession } from '../accounts.js';

/** Accounts and sessions: register, log in, log out, who am I. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/register',
    { schema: { tags: ['user'], body: CredentialsSchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      const user = await registerAccount(app.db, request.body, Date.now());
      await startSession(request, user);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/user/login',
    { schema: { tags: ['user'], body: CredentialsSchema, response: { 200: UserSchema } } },
    async (request) => {
      const user = await authenticate(app.db, request.body);
      await startSession(request, user);
      return user;
    },
  );

  app.post('/user/logout', { schema: { tags: ['user'] } }, async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/user', { schema: { tags: ['user'], response: { 200: UserSchema } } }, async (request) => requireUser(request));
};
