import { IdParamsSchema, UserDeletionSchema, UserListSchema, UserRoleBodySchema, UserSchema } from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nonAdminsRefused } from '../http/access.js';
import { errorResponses } from '../http/http-errors.js';
import { idempotentWrite } from '../http/idempotent-write.js';
import { listUsers } from '../repositories/users.js';
import { changeUserRole, deleteUser } from '../services/manage-users.js';

/** The admin Users tab: every account, making and unmaking admins, and deleting an account. */
export const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['users'],
        summary: 'Every account that has not been deleted, oldest first (admin)',
        response: { 200: UserListSchema, ...errorResponses },
      },
    },
    async () => listUsers(app.db),
  );

  idempotentWrite(
    app,
    {
      method: 'PATCH',
      url: '/users/:id',
      tags: ['users'],
      summary: 'Make or unmake an admin; the last admin cannot be demoted (admin)',
      params: IdParamsSchema,
      body: UserRoleBodySchema,
      status: 200,
      answer: UserSchema,
      admin: true,
    },
    async ({ trx, user, params, body }) => changeUserRole(trx, user, params.id, body.is_admin, Date.now()),
  );

  idempotentWrite(
    app,
    {
      method: 'DELETE',
      url: '/users/:id',
      tags: ['users'],
      summary: 'Delete an account: signs it out, takes back its thumbs and comments, keeps its restrooms (admin)',
      params: IdParamsSchema,
      status: 200,
      answer: UserDeletionSchema,
      admin: true,
    },
    async ({ trx, user, params }) => deleteUser(trx, user, params.id, Date.now()),
  );
};
