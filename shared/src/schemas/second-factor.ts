import { Type, type Static } from 'typebox';

/*
 * A TOTP second factor (RFC 6238, docs/architecture.md#second-factor): any person may turn it on;
 * with ADMIN_REQUIRE_2FA an admin must, and must have given a code at this login, before any admin
 * route answers.
 */

/** Six digits from the authenticator app (spaces are not accepted: the form strips them). */
export const TotpCodeSchema = Type.String({ pattern: '^[0-9]{6}$' });

/** A recovery code as shown: ten letters and digits, in two groups of five; case and the dash are optional when typed. */
export const RecoveryCodeSchema = Type.String({ minLength: 10, maxLength: 16 });

/** GET /api/user/second-factor. */
export const SecondFactorStatusSchema = Type.Object({
  /** On: every login asks for a code. */
  enabled: Type.Boolean(),
  /** Enrolment started and not yet confirmed with a first code. */
  pending: Type.Boolean(),
  /** Unused recovery codes left (0 while off). */
  recovery_codes_left: Type.Integer({ minimum: 0 }),
  /** Whether this session gave a code at login (or turned it on). */
  session_verified: Type.Boolean(),
  /** Whether this person must have it for the admin routes (an admin, with ADMIN_REQUIRE_2FA on). */
  required: Type.Boolean(),
});

/** POST /api/user/second-factor: starting enrolment takes the password, as it could lock the owner out. */
export const SecondFactorStartBodySchema = Type.Object({ password: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

/** The secret to put in the authenticator app, as text and as the otpauth:// URI a QR code carries. */
export const SecondFactorEnrolmentSchema = Type.Object({
  secret: Type.String({ pattern: '^[A-Z2-7]+$' }),
  otpauth_uri: Type.String(),
});
export type SecondFactorEnrolment = Static<typeof SecondFactorEnrolmentSchema>;

/** POST /api/user/second-factor/confirm: the first code, which turns it on. */
export const SecondFactorConfirmBodySchema = Type.Object({ code: TotpCodeSchema }, { additionalProperties: false });

/** The ten recovery codes, shown once: only their hashes are kept. */
export const RecoveryCodesSchema = Type.Object({ recovery_codes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) });
export type RecoveryCodes = Static<typeof RecoveryCodesSchema>;

/**
 * A code from the app or a recovery code, exactly one of them: turning the factor off (DELETE
 * /api/user/second-factor) and making new recovery codes (POST …/recovery-codes) take one.
 */
export const SecondFactorProofSchema = Type.Object(
  { code: Type.Optional(TotpCodeSchema), recovery_code: Type.Optional(RecoveryCodeSchema) },
  { additionalProperties: false },
);
export type SecondFactorProof = Static<typeof SecondFactorProofSchema>;
