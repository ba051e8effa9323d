import Value from 'typebox/value';
import type { TSchema } from 'typebox';
import {
  ClientConfigSchema,
  ConfirmationResultSchema,
  FeedbackResultSchema,
  NewRestroomReceiptSchema,
  PlaceDetailsSchema,
  PlaceListSchema,
  RestroomDetailSchema,
  SyncPageSchema,
  SyncPieceIndexSchema,
  SyncSnapshotWireLineSchema,
  UserRestroomsSchema,
  UserSchema,
} from '@allstall/shared';

/*
 * Only ever imported through contract.ts's dynamic import: TypeBox's checker and the schemas below
 * are a third of the first download otherwise, and the list needs none of them to show what the
 * device already has.
 */

/** The answers that code of the first screen checks, named, so that their schemas arrive with the checker. */
export const PAYLOAD_SCHEMAS = {
  ClientConfig: ClientConfigSchema,
  ConfirmationResult: ConfirmationResultSchema,
  FeedbackResult: FeedbackResultSchema,
  NewRestroomReceipt: NewRestroomReceiptSchema,
  PlaceDetails: PlaceDetailsSchema,
  PlaceList: PlaceListSchema,
  RestroomDetail: RestroomDetailSchema,
  SyncPage: SyncPageSchema,
  SyncPieceIndex: SyncPieceIndexSchema,
  SyncSnapshotLine: SyncSnapshotWireLineSchema,
  User: UserSchema,
  UserRestrooms: UserRestroomsSchema,
} satisfies Record<string, TSchema>;

/**
 * TypeBox's `Value.Check` interprets the schema; only its `Compile` would build code with
 * `new Function`, which the Content-Security-Policy (no 'unsafe-eval') forbids.
 */
export function matchesSchema(schema: TSchema, data: unknown): boolean {
  return Value.Check(schema, data);
}
