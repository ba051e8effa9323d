import { IdParamsSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { idempotentWrite } from '../http/idempotent-write.js';
import { deleteComment } from '../services/delete-comment.js';

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
      await deleteComment(trx, user, id, Date.now());
      return null;
    },
  );
};
