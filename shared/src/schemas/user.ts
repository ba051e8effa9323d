import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';

/** Shape only; the password policy (length, digits, common passwords) lives in `passwordProblem`. */
export const CredentialsSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof CredentialsSchema>;

export const UserSchema = Type.Object({
  id: IdSchema,
  username: Type.String(),
  is_admin: Type.Boolean(),
  inserted_at: IsoDateSchema,
});
export type User = Static<typeof UserSchema>;
