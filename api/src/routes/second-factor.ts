import {
  RecoveryCodesSchema,
  SecondFactorConfirmBodySchema,
  SecondFactorEnrolmentSchema,
  SecondFactorProofSchema,
  SecondFactorStartBodySchema,
  SecondFactorStatusSchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppConfig } from '../config.js';
import { guestsGet401, requireUser } from '../http/access.js';
import { limitAuthFailures } from '../http/auth-rate-limits.js';
import { BODY_LIMITS } from '../http/body-limits.js';
import { errorResponses } from '../http/http-errors.js';
import { confirmPassword } from '../services/confirm-password.js';
import { confirmSecondFactor, renewRecoveryCodes, secondFactorStatus, startSecondFactor, turnOffSecondFactor } from '../services/manage-second-factor.js';

/**
 * A TOTP second factor for one's own account (docs/architecture.md#second-factor): start (password
 * again, then the secret for the app), confirm with a first code (then it is on, and the ten recovery
 * codes are shown once), new recovery codes, and off. Every code is rate-limited as a login is.
 */
export const secondFactorRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const codeAttempt = (request: FastifyRequest) => ({ action: 'secondFactor', address: request.ip, username: requireUser(request).username }) as const;

  app.get(
    '/user/second-factor',
    { preValidation: guestsGet401, schema: { tags: ['user'], summary: 'Whether a second factor is on, and whether this session gave it', response: { 200: SecondFactorStatusSchema, ...errorResponses } } },
    async (request) => {
      const user = requireUser(request);
      const session = { verified: request.session.secondFactorAtMs !== undefined, required: config.adminRequireSecondFactor && user.is_admin };
      return secondFactorStatus(app.db, user, session);
    },
  );

  app.post(
    '/user/second-factor',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Start turning on a second factor: the secret and otpauth URI for the authenticator app',
        body: SecondFactorStartBodySchema,
        response: { 200: SecondFactorEnrolmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const attempt = { action: 'password', address: request.ip, username: user.username } as const;
      await limitAuthFailures(app.db, reply, attempt, () => confirmPassword(app.db, user, request.body.password, 'password'));
      return startSecondFactor(app.db, user, Date.now());
    },
  );

  app.post(
    '/user/second-factor/confirm',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Turn the second factor on with a first code; answers the ten recovery codes, shown this once',
        body: SecondFactorConfirmBodySchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const codes = await limitAuthFailures(app.db, reply, codeAttempt(request), () => confirmSecondFactor(app.db, user, request.body.code, Date.now()));
      // Giving the code here counts as giving it at login: this session may use the admin routes.
      request.session.secondFactorAtMs = Date.now();
      await request.session.save();
      return codes;
    },
  );

  app.post(
    '/user/second-factor/recovery-codes',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Ten new recovery codes in place of the old, after a code or a recovery code',
        body: SecondFactorProofSchema,
        response: { 200: RecoveryCodesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return limitAuthFailures(app.db, reply, codeAttempt(request), () => renewRecoveryCodes(app.db, user, request.body, Date.now()));
    },
  );

  app.delete(
    '/user/second-factor',
    {
      bodyLimit: BODY_LIMITS.credentials,
      preValidation: guestsGet401,
      schema: {
        tags: ['user'],
        summary: 'Turn the second factor off, after a code or a recovery code',
        body: SecondFactorProofSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await limitAuthFailures(app.db, reply, codeAttempt(request), () => turnOffSecondFactor(app.db, user, request.body, Date.now()));
      return reply.code(204).send(null);
    },
  );
};
