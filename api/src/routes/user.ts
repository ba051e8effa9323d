import { CredentialsSchema, IdParamsSchema, LoginBodySchema, UserRestroomsSchema, UserSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { endSession, guestsGet401, requireSelfOrAdmin, requireUser, startSession } from '../http/access.js';
import { BODY_LIMITS } from '../http/body-limits.js';
import type { AppConfig } from '../config.js';
import { limitAuthFailures } from '../http/auth-rate-limits.js';
import { errorResponses } from '../http/http-errors.js';
import { HttpError } from '../errors/http-error.js';
import { knownDeviceOf, rememberDevice } from '../http/known-devices.js';
import { listRestroomsAddedBy } from '../repositories/restrooms.js';
import { findUserById } from '../repositories/users.js';
import { logIn, findAccountByName, secondStepOfLogIn } from '../services/log-in.js';
import { registerAccount } from '../services/register-account.js';

/**
 * Accounts and sessions (register, log in, log out, who am I), and what a person has added. Signing
 * in with the right password makes the browser a known device of the account (`known-devices.ts`).
 */
export const userRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    '/user/register',
    { bodyLimit: BODY_LIMITS.credentials, schema: { tags: ['user'], body: CredentialsSchema, response: { 201: UserSchema, ...errorResponses } } },
    async (request, reply) => {
      const attempt = { action: 'register', address: request.ip, username: request.body.username } as const;
      const user = await limitAuthFailures(app.db, reply, attempt, () => registerAccount(app.db, request.body, Date.now()));
      await startSession(request, user);
      rememberDevice(request, reply, config, user.id);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/user/login',
    { bodyLimit: BODY_LIMITS.credentials, schema: { tags: ['user'], body: LoginBodySchema, response: { 200: UserSchema, ...errorResponses } } },
    async (request, reply) => {
      const { username, password, ...proof } = request.body;
      if (proof.code !== undefined && proof.recovery_code !== undefined) throw new HttpError(400, 'secondFactor.oneProof', { field: 'recovery_code' });
      const account = await findAccountByName(app.db, username);
      const knownDevice = account === undefined ? null : knownDeviceOf(request, config.sessionSecret, account.user.id);
      const attempt = { action: 'login', address: request.ip, username, knownDevice } as const;
      // A wrong code counts as a failed login, so a password alone buys no more guesses at the code.
      const { user, secondFactorGiven } = await limitAuthFailures(app.db, reply, attempt, async () => {
        const found = await logIn(account, password);
        return { user: found, secondFactorGiven: await secondStepOfLogIn(app.db, found, proof, Date.now()) };
      });
      await startSession(request, user, secondFactorGiven);
      rememberDevice(request, reply, config, user.id);
      return user;
    },
  );

  app.post(
    '/user/logout',
    { bodyLimit: BODY_LIMITS.credentials, schema: { tags: ['user'], response: { 204: Type.Null(), ...errorResponses } } },
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

  app.get(
    '/users/:id/restrooms',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'The restrooms a person added, newest first, with their review status (that person or an admin)',
        params: IdParamsSchema,
        response: { 200: UserRestroomsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = requireSelfOrAdmin(request, request.params.id);
      const userId = request.params.id.toLowerCase();
      if (userId !== viewer.id && (await findUserById(app.db, userId)) === undefined) {
        throw new HttpError(404, 'user.notFound', { field: 'id' });
      }
      return listRestroomsAddedBy(app.db, userId);
    },
  );
};
