import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';

/*
 * What a person controls of their own account (docs/product-rules.md#accounts-and-passwords): the password,
 * the signed-in devices, and deleting the account. Each is online only: the web sends it straight
 * away and says so when offline, never through the outbox.
 */

const PasswordSchema = Type.String({ minLength: 1, maxLength: 256 });

/** POST /api/user/password: the password in use and the new one (the registration policy applies). */
export const PasswordChangeBodySchema = Type.Object(
  { current_password: PasswordSchema, new_password: PasswordSchema },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBodySchema>;

/** How many sessions a change ended: every other device of the person is signed out. */
export const SessionsEndedSchema = Type.Object({ sessions_ended: Type.Integer({ minimum: 0 }) });
export type SessionsEnded = Static<typeof SessionsEndedSchema>;

/**
 * One signed-in device (GET /api/user/sessions). `id` names the session for ending it and is not the
 * cookie's secret; `browser` and `os` come from its User-Agent (null when it does not say),
 * `device` is them in English ('Chrome on Android'); `current` marks the one asking.
 */
const AccountSessionSchema = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  device: Type.String(),
  signed_in_at: Type.Union([IsoDateSchema, Type.Null()]),
  last_used_at: Type.Union([IsoDateSchema, Type.Null()]),
  expires_at: IsoDateSchema,
  current: Type.Boolean(),
});

/** The person's sessions, the one asking first, then the most recently used. */
export const AccountSessionListSchema = Type.Array(AccountSessionSchema);
export type AccountSessionList = Static<typeof AccountSessionListSchema>;

export const AccountSessionParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) }, { additionalProperties: false });

/** What happens to the comments of an account being deleted: gone with it, or kept as "Deleted user". */
const DeletedCommentsChoiceSchema = Type.Union([Type.Literal('delete'), Type.Literal('keep')]);
export type DeletedCommentsChoice = Static<typeof DeletedCommentsChoiceSchema>;

/**
 * DELETE /api/user: the person's own password confirms it (the account is gone for good, so a
 * phone left unlocked is not enough), and they choose what becomes of their comments.
 */
export const AccountDeletionBodySchema = Type.Object(
  { password: PasswordSchema, comments: DeletedCommentsChoiceSchema },
  { additionalProperties: false },
);

/** What the deletion took with it. */
export const AccountDeletionSchema = Type.Object({
  id: IdSchema,
  deleted_at: IsoDateSchema,
  sessions_ended: Type.Integer({ minimum: 0 }),
  votes_removed: Type.Integer({ minimum: 0 }),
  comments_removed: Type.Integer({ minimum: 0 }),
  comments_kept: Type.Integer({ minimum: 0 }),
  restrooms_uncredited: Type.Integer({ minimum: 0 }),
});
export type AccountDeletion = Static<typeof AccountDeletionSchema>;
