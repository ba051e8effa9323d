import { IdParamsSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { guestsGet401, requireUser } from '../accounts.js';
import { errorResponses, HttpError } from '../http-errors.js';
import { IdempotencyHeadersSchema, runWrite, sendOutcome, writeRequestFor } from '../idempotency.js';
import { findLiveCommentAuthor, softDeleteCommentIn } from '../repositories/comments.js';

/** Comments are written through feedback; here their author or an admin takes them down. */
export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/comments/:id',
    {
      preValidation: guestsGet401,
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment (its author or an admin); devices drop it on their next pull',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      const outcome = await runWrite(app.db, writeRequestFor(request, user.id), async (trx) => {
        const comment = await findLiveCommentAuthor(trx, id);
        if (comment === undefined) throw new HttpError(404, 'No such comment.', 'id');
        if (comment.userId !== user.id && !user.is_admin) {
          throw new HttpError(403, 'Only the author or an admin can delete this comment.', 'id');
        }
        // Live a moment ago; on PostgreSQL another deletion may have committed since.
        if (!(await softDeleteCommentIn(trx, id, Date.now()))) throw new HttpError(404, 'No such comment.', 'id');
        return { statusCode: 204, body: null };
      });
      return sendOutcome(reply, outcome);
    },
  );
};
