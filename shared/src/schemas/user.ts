import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';
import { RecoveryCodeSchema, TotpCodeSchema } from './second-factor.js';

/** Shape only; the password policy (length, digits, common passwords) lives in `passwordProblem`. */
export const CredentialsSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof CredentialsSchema>;

/**
 * POST /api/user/login: the credentials, and for an account with a second factor either the app's
 * code or a recovery code. Without one such an account is answered 401 `auth.secondFactorNeeded`,
 * and the form asks for it and sends all three again (docs/architecture.md#second-factor).
 */
export const LoginBodySchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    code: Type.Optional(TotpCodeSchema),
    recovery_code: Type.Optional(RecoveryCodeSchema),
  },
  { additionalProperties: false },
);

export const UserSchema = Type.Object({
  id: IdSchema,
  username: Type.String(),
  is_admin: Type.Boolean(),
  inserted_at: IsoDateSchema,
});
export type User = Static<typeof UserSchema>;
