import {
  flagChangedFields,
  flagProposalOfRestroom,
  type AccessValue,
  type AmenityValue,
  type FeeValue,
  type FlagProposal,
  type FlagReview,
  type Restroom,
  type WeeklyHours,
} from '@allstall/shared';
import type { InferResult, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { amenitiesFromColumns, amenityFromFlag, booleanFromFlag, flagFromAmenity, flagFromBoolean, isoFromEpochMs } from './convert.js';

/** The restroom as the person thinks it should be. */
interface ProposedRestroom {
  name: string;
  street: string;
  city: string;
  state: string;
  unisex: AmenityValue;
  accessible: AmenityValue;
  changing_table: AmenityValue;
  is_single_stall: AmenityValue;
  menstrual_products: AmenityValue;
  access: AccessValue;
  fee: FeeValue;
  is_closed: boolean;
  /** The week proposed (null: 'Hours unknown'); absent when the person proposed no change to the hours. */
  hours?: WeeklyHours | undefined;
}

/** What it takes to raise a flag. */
export interface NewFlag {
  id: string;
  restroomId: string;
  userId: string;
  proposed: ProposedRestroom;
  other: string;
  /** The restroom as it stood when the flag was raised, kept beside the proposal for the admin. */
  original: Restroom;
  createdAtMs: number;
}

/** Stores an open flag. Flags are for admins only, so the change feed never carries them. */
export async function insertFlag(trx: Transaction<Database>, flag: NewFlag): Promise<void> {
  const { proposed } = flag;
  await trx
    .insertInto('flags')
    .values({
      id: flag.id,
      restroom_id: flag.restroomId,
      user_id: flag.userId,
      proposed_name: proposed.name,
      proposed_street: proposed.street,
      proposed_city: proposed.city,
      proposed_state: proposed.state,
      proposed_unisex: flagFromAmenity(proposed.unisex),
      proposed_accessible: flagFromAmenity(proposed.accessible),
      proposed_changing_table: flagFromAmenity(proposed.changing_table),
      proposed_is_single_stall: flagFromAmenity(proposed.is_single_stall),
      proposed_menstrual_products: flagFromAmenity(proposed.menstrual_products),
      proposed_access: proposed.access,
      proposed_fee: proposed.fee,
      proposed_is_closed: flagFromBoolean(proposed.is_closed),
      other: flag.other,
      status: 'open',
      created_at: flag.createdAtMs,
      resolved_by: null,
      resolved_at: null,
      original_json: JSON.stringify(flag.original),
      proposed_hours: proposed.hours === undefined ? null : JSON.stringify(proposed.hours),
    })
    .execute();
}

/** What a flag proposes, field by field: read for review and for the flagger's own data download. */
export const FLAG_PROPOSAL_COLUMNS = [
  'flags.proposed_name',
  'flags.proposed_street',
  'flags.proposed_city',
  'flags.proposed_state',
  'flags.proposed_unisex',
  'flags.proposed_accessible',
  'flags.proposed_changing_table',
  'flags.proposed_is_single_stall',
  'flags.proposed_menstrual_products',
  'flags.proposed_access',
  'flags.proposed_fee',
  'flags.proposed_is_closed',
  'flags.proposed_hours',
] as const;

/** The one place a flag is read for review: the flagger's and resolver's names, and the restroom as it is now. */
function selectFlags(db: Kysely<Database>) {
  return db
    .selectFrom('flags')
    .innerJoin('users as flagger', 'flagger.id', 'flags.user_id')
    .leftJoin('users as resolver', 'resolver.id', 'flags.resolved_by')
    .innerJoin('restrooms', 'restrooms.id', 'flags.restroom_id')
    .select([
      'flags.id',
      'flags.restroom_id',
      ...FLAG_PROPOSAL_COLUMNS,
      'flags.other',
      'flags.status',
      'flags.created_at',
      'flags.original_json',
      'flagger.username as flagger_username',
      'resolver.username as resolver_username',
      'restrooms.name',
      'restrooms.street',
      'restrooms.city',
      'restrooms.state',
      'restrooms.unisex',
      'restrooms.accessible',
      'restrooms.changing_table',
      'restrooms.is_single_stall',
      'restrooms.menstrual_products',
      'restrooms.access',
      'restrooms.fee',
      'restrooms.is_removed',
    ]);
}

type FlagRow = InferResult<ReturnType<typeof selectFlags>>[number];

/** A flag as a decision needs it: the review, and who resolved it if someone has. */
export interface FlagForDecision {
  review: FlagReview;
  /** Username of the admin who resolved it; undefined while open (or if that account is gone). */
  resolvedBy: string | undefined;
}

/**
 * The restroom as it stood when the flag was raised, its hours included. A flag from before
 * snapshots were kept falls back to the restroom as it is now, without hours: such a flag is older
 * than suggested hours too, so it proposes none to compare them with.
 */
function originalOf(row: FlagRow): FlagProposal {
  if (row.original_json !== null) {
    // Written by `insertFlag` from a Restroom this server produced. One written before access
    // existed holds `public` instead, and one written before fee existed has none: who may use it
    // and what it costs were not known then (docs/product-rules.md#what-we-know).
    const original = JSON.parse(row.original_json) as Omit<Restroom, 'access' | 'fee'> & { access?: AccessValue; fee?: FeeValue };
    return flagProposalOfRestroom({ ...original, access: original.access ?? null, fee: original.fee ?? null });
  }
  return flagProposalOfRestroom({
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    ...amenitiesFromColumns(row),
    access: row.access,
    fee: row.fee,
    is_removed: booleanFromFlag(row.is_removed),
  });
}

type ProposalColumns = Pick<FlagRow, (typeof FLAG_PROPOSAL_COLUMNS)[number] extends `flags.${infer Column}` ? Column : never>;

/** What a flag proposes, from its columns: for review and for the flagger's data download. */
export function flagProposalFromRow(row: ProposalColumns): FlagProposal {
  return {
    name: row.proposed_name,
    street: row.proposed_street,
    city: row.proposed_city,
    state: row.proposed_state,
    unisex: amenityFromFlag(row.proposed_unisex),
    accessible: amenityFromFlag(row.proposed_accessible),
    changing_table: amenityFromFlag(row.proposed_changing_table),
    is_single_stall: amenityFromFlag(row.proposed_is_single_stall),
    menstrual_products: amenityFromFlag(row.proposed_menstrual_products),
    access: row.proposed_access,
    fee: row.proposed_fee,
    is_closed: booleanFromFlag(row.proposed_is_closed),
    // Written by `insertFlag` from a body the shared schema and `flagProblem` passed.
    ...(row.proposed_hours === null ? {} : { hours: JSON.parse(row.proposed_hours) as WeeklyHours }),
  };
}

/** Row → review: the proposal, the original, and which fields differ. */
function flagReviewFromRow(row: FlagRow): FlagReview {
  const proposed = flagProposalFromRow(row);
  const original = originalOf(row);
  return {
    id: row.id,
    restroom_id: row.restroom_id,
    username: row.flagger_username,
    created_at: isoFromEpochMs(row.created_at),
    status: row.status,
    proposed,
    original,
    changed: flagChangedFields(proposed, original),
    other: row.other,
  };
}

/** Open flags, oldest first. */
export async function listOpenFlags(db: Kysely<Database>): Promise<FlagReview[]> {
  const rows = await selectFlags(db).where('flags.status', '=', 'open').orderBy('flags.created_at').orderBy('flags.id').execute();
  return rows.map(flagReviewFromRow);
}

/** One flag, open or resolved; undefined when there is no such flag. */
export async function findFlagForDecision(db: Kysely<Database>, id: string): Promise<FlagForDecision | undefined> {
  const row = await selectFlags(db).where('flags.id', '=', id).executeTakeFirst();
  return row && { review: flagReviewFromRow(row), resolvedBy: row.resolver_username ?? undefined };
}

/** Ids of a restroom's open flags. */
export async function listOpenFlagIds(db: Kysely<Database>, restroomId: string): Promise<string[]> {
  const rows = await db.selectFrom('flags').select('id').where('restroom_id', '=', restroomId).where('status', '=', 'open').execute();
  return rows.map((row) => row.id);
}

/** What resolving a flag records. */
export interface FlagResolution {
  status: 'approved' | 'rejected';
  adminId: string;
  atMs: number;
}

/** Resolves an open flag inside the caller's transaction; false when it is not (or no longer) open. */
export async function resolveFlagIn(trx: Transaction<Database>, id: string, resolution: FlagResolution): Promise<boolean> {
  const result = await trx
    .updateTable('flags')
    .set({ status: resolution.status, resolved_by: resolution.adminId, resolved_at: resolution.atMs })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
