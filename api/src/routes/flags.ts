import {
  FlagBodySchema,
  FlagDecisionBodySchema,
  FlagDecisionResultSchema,
  flagProblem,
  FlagReceiptSchema,
  FlagReviewsSchema,
  IdParamsSchema,
  type FlagReceipt,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { nonAdminsRefused } from '../http/access.js';
import { isForeignKeyViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { decideFlag } from '../services/moderate-flags.js';
import { errorResponses, HttpError } from '../http/http-errors.js';
import { isoFromEpochMs } from '../repositories/convert.js';
import { insertFlag, listOpenFlags, type NewFlag } from '../repositories/flags.js';
import { findVisibleRestroom } from '../repositories/restrooms.js';
import { idempotentWrite } from '../http/idempotent-write.js';

/** 'Something not look right?': a suggested correction, and the admins' review of it ('Flagged Bathrooms'). */
export const flagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idempotentWrite(
    app,
    {
      method: 'POST',
      url: '/flags',
      tags: ['flags'],
      summary: 'Suggest corrections to a restroom, or report it closed',
      body: FlagBodySchema,
      problem: flagProblem,
      status: 201,
      answer: FlagReceiptSchema,
    },
    async ({ trx, rowId: flagId, user, body: { restroom_id, other, ...proposed } }) => {
      const original = await findVisibleRestroom(trx, restroom_id);
      if (original === undefined) throw new HttpError(404, 'No such restroom.', 'restroom_id');
      const createdAtMs = Date.now();
      await insertFlagUnlessRestroomVanished(trx, {
        id: flagId,
        restroomId: restroom_id,
        userId: user.id,
        proposed: {
          ...proposed,
          name: proposed.name.trim(),
          street: proposed.street.trim(),
          city: proposed.city.trim(),
          state: proposed.state.trim(),
        },
        other: other.trim(),
        original,
        createdAtMs,
      });
      const receipt: FlagReceipt = { id: flagId, restroom_id, status: 'open', created_at: isoFromEpochMs(createdAtMs) };
      return receipt;
    },
  );

  app.get(
    '/flags',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['flags', 'admin'],
        summary: 'Open flags, oldest first: who flagged what, the proposal above the original, and what it changes',
        response: { 200: FlagReviewsSchema, ...errorResponses },
      },
    },
    async () => listOpenFlags(app.db),
  );

  idempotentWrite(
    app,
    {
      method: 'PATCH',
      url: '/flags/:id',
      tags: ['flags', 'admin'],
      summary: 'Approve a flag (applying its proposal, with the admin’s edits over it) or reject it',
      params: IdParamsSchema,
      body: FlagDecisionBodySchema,
      status: 200,
      answer: FlagDecisionResultSchema,
      admin: true,
    },
    async ({ trx, user, params: { id }, body }) => decideFlag(trx, user, id.toLowerCase(), body, Date.now()),
  );
};

/** An admin may delete the restroom between our read and this insert; that is a 404, not a 500. */
async function insertFlagUnlessRestroomVanished(trx: Transaction<Database>, flag: NewFlag): Promise<void> {
  try {
    await insertFlag(trx, flag);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError(404, 'No such restroom.', 'restroom_id');
    throw error;
  }
}
