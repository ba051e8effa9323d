import { Type, type Static } from 'typebox';
import { IdSchema, IsoDateSchema } from './common.js';

/*
 * GET /api/user/export: everything the server holds that a person made or did, in one JSON file
 * (docs/privacy.md). `format` says how to read it; a change of shape gets a new number.
 */

export const PERSONAL_DATA_FORMAT = 1;

const NullableIso = Type.Union([IsoDateSchema, Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const PersonalDataSchema = Type.Object({
  format: Type.Literal(PERSONAL_DATA_FORMAT),
  exported_at: IsoDateSchema,
  account: Type.Object({
    id: IdSchema,
    username: Type.String(),
    is_admin: Type.Boolean(),
    joined_at: IsoDateSchema,
    second_factor: Type.Boolean(),
  }),
  /** Signed-in devices, as GET /api/user/sessions names them (without which one is asking). */
  sessions: Type.Array(
    Type.Object({ device: Type.String(), user_agent: NullableString, signed_in_at: NullableIso, last_used_at: NullableIso, expires_at: IsoDateSchema }),
  ),
  /** Every comment, a deleted one too (with when) while the server still keeps it. */
  comments: Type.Array(
    Type.Object({ id: IdSchema, restroom_id: IdSchema, restroom_name: Type.String(), content: Type.String(), written_at: IsoDateSchema, deleted_at: NullableIso }),
  ),
  votes: Type.Array(Type.Object({ restroom_id: IdSchema, restroom_name: Type.String(), vote: Type.Union([Type.Literal(1), Type.Literal(-1)]), updated_at: IsoDateSchema })),
  /** Each 'Still there', by day on the restroom's clocks. */
  confirmations: Type.Array(Type.Object({ id: IdSchema, restroom_id: IdSchema, restroom_name: Type.String(), day: Type.String(), confirmed_at: IsoDateSchema })),
  /** Suggested changes: what was proposed, as stored, and how it was decided. */
  flags: Type.Array(
    Type.Object({
      id: IdSchema,
      restroom_id: IdSchema,
      restroom_name: Type.String(),
      proposed: Type.Record(Type.String(), Type.Unknown()),
      other: Type.String(),
      status: Type.String(),
      created_at: IsoDateSchema,
      resolved_at: NullableIso,
    }),
  ),
  contact_messages: Type.Array(Type.Object({ id: IdSchema, details: Type.String(), sent_at: IsoDateSchema, resolved: Type.Boolean(), resolved_at: NullableIso })),
  /** Restrooms the person added, with their review status. */
  restrooms_added: Type.Array(Type.Object({ id: IdSchema, name: Type.String(), street: Type.String(), city: Type.String(), status: Type.String(), added_at: IsoDateSchema })),
  /**
   * Decisions the person made as an admin: what, on which item, when. Not the item's before and
   * after the log keeps: those are often someone else's words (a message, a suggestion).
   */
  moderation_decisions: Type.Array(Type.Object({ id: IdSchema, action: Type.String(), entity: Type.String(), entity_id: Type.String(), decided_at: IsoDateSchema })),
});
export type PersonalData = Static<typeof PersonalDataSchema>;
