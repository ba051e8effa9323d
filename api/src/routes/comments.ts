import { IdParamsSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../http/http-errors.js';
import { findLiveCommentAuthor, softDeleteCommentIn } from '../repositories/comments.js';
import { idempotentWrite } from '../http/idempotent-write.js';

/** Comments are written through feedback; here their author or an admin takes them down. */
export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idempotentWrite(
    app,
    {
      method: 'DELETE',
      url: '/comments/:id',
      tags: ['comments'],
      summary: 'Delete a comment (its author or an admin); devices drop it on their next pull',
      params: IdParamsSchema,
      status: 204,
      answer: Type.Null(),
    },
    async ({ trx, user, params: { id } }) => {
      const comment = await findLiveCommentAuthor(trx, id);
      if (comment === undefined) throw new HttpError(404, 'No such comment.', 'id');
      if (comment.userId !== user.id && !user.is_admin) {
        throw new HttpError(403, 'Only the author or an admin can delete this comment.', 'id');
      }
      // Live a moment ago; on PostgreSQL another deletion may have committed since.
      if (!(await softDeleteCommentIn(trx, id, Date.now()))) throw new HttpError(404, 'No such comment.', 'id');
      return null;
    },
  );
};
