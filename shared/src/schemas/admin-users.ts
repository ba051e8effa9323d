import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { UserSchema } from './user.js';

/*
 * The admin Users tab (docs/product-rules.md#admin-screens): every account, making and unmaking admins, and
 * deleting an account. The last admin can be neither demoted nor deleted.
 */

/** GET /api/users: every account that has not been deleted, oldest first ('Joined'). Never a hash. */
export const UserListSchema = Type.Array(UserSchema);
export type UserList = Static<typeof UserListSchema>;

/** PATCH /api/users/:id: make or unmake an admin. Answered with the user as the change left them. */
export const UserRoleBodySchema = Type.Object({ is_admin: Type.Boolean() }, { additionalProperties: false });

/**
 * DELETE /api/users/:id: what the deletion took with it. The person is signed out everywhere at
 * once; their thumbs leave the restrooms' counts and their comments leave every device; the
 * restrooms they added stay.
 */
export const UserDeletionSchema = Type.Object({
  id: IdSchema,
  username: Type.String(),
  deleted_at: IsoDateSchema,
  sessions_ended: Type.Integer({ minimum: 0 }),
  votes_removed: Type.Integer({ minimum: 0 }),
  comments_removed: Type.Integer({ minimum: 0 }),
});
export type UserDeletion = Static<typeof UserDeletionSchema>;
