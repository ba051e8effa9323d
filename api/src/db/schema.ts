import type { RestroomAccess, RestroomFee } from '@allstall/shared';
import type { Generated } from 'kysely';

/*
 * Row types as the database stores them (docs/architecture.md#data-model): booleans are 0/1 integers, times are
 * epoch milliseconds. Repositories turn these into the shared API types; nothing else reads them.
 */

/** 0 or 1: how both SQLite and PostgreSQL store our booleans. */
export type Flag01 = number;

/** An amenity: 1 yes, 0 no, null unknown (docs/product-rules.md#what-we-know). */
export type Amenity01 = Flag01 | null;

export interface UsersTable {
  id: string;
  username: string;
  username_key: string;
  password_hash: string;
  is_admin: Generated<Flag01>;
  inserted_at: number;
  deleted_at: number | null;
}

export interface SessionsTable {
  id: string;
  data: string;
  expires_at: number;
  /** Whose session it is; null before someone signs in on it. */
  user_id: string | null;
  /** The User-Agent at login, cut to 512 characters, for naming the device. */
  user_agent: string | null;
  created_at: number | null;
  /** When a request last came with it, written at most once a minute (plugins/session.ts). */
  last_used_at: number | null;
}

/** A person's TOTP second factor (docs/architecture.md#second-factor). */
export interface SecondFactorsTable {
  user_id: string;
  /** Base32, as the authenticator app was given it. */
  secret: string;
  /** Null until confirmed with a first code. */
  enabled_at: number | null;
  /** The last time step a code was accepted for; no code of that step or an earlier one is taken again. */
  last_step: number | null;
  created_at: number;
}

/** One unused recovery code of a person, by its SHA-256. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: number;
}

export interface RestroomsTable {
  id: string;
  name: string;
  street: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  /** IANA zone at the position (api/src/geo/time-zone.ts); null without a position. */
  time_zone: string | null;
  unisex: Amenity01;
  accessible: Amenity01;
  changing_table: Amenity01;
  is_single_stall: Amenity01;
  menstrual_products: Amenity01;
  /** Who may use it; null when no one has said. */
  access: RestroomAccess | null;
  /** Whether using it costs money; null when no one has said. */
  fee: RestroomFee | null;
  is_removed: Generated<Flag01>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  place_id: string | null;
  source: 'user' | 'refuge' | 'osm' | 'demo';
  source_id: string | null;
  directions: string | null;
  admin_comment: string | null;
  added_by: string | null;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  last_confirmed_at: number | null;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

export interface OpeningHoursTable {
  restroom_id: string;
  day: number;
  open: number;
  close: number;
}

export interface CommentsTable {
  id: string;
  restroom_id: string;
  user_id: string;
  content: string;
  inserted_at: number;
  deleted_at: number | null;
  version: Generated<number>;
}

export interface VotesTable {
  restroom_id: string;
  user_id: string;
  vote: number;
  updated_at: number;
}

export interface FlagsTable {
  id: string;
  restroom_id: string;
  user_id: string;
  proposed_name: string;
  proposed_street: string;
  proposed_city: string;
  proposed_state: string;
  proposed_unisex: Amenity01;
  proposed_accessible: Amenity01;
  proposed_changing_table: Amenity01;
  proposed_is_single_stall: Amenity01;
  proposed_menstrual_products: Amenity01;
  proposed_access: RestroomAccess | null;
  proposed_fee: RestroomFee | null;
  proposed_is_closed: Flag01;
  other: Generated<string>;
  status: Generated<'open' | 'approved' | 'rejected'>;
  created_at: number;
  resolved_by: string | null;
  resolved_at: number | null;
  /** The restroom (API shape, JSON) as it was when the flag was raised; null for older flags. */
  original_json: string | null;
  /** The proposed week (API shape, JSON; the text `null` for 'Hours unknown'); null when the flag proposes no change to the hours. */
  proposed_hours: string | null;
}

export interface ContactTable {
  id: string;
  user_id: string;
  details: string;
  inserted_at: number;
  resolved: Generated<Flag01>;
  resolved_by: string | null;
  resolved_at: number | null;
}

export interface ModerationLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
}

export interface AppliedWritesTable {
  idempotency_key: string;
  user_id: string | null;
  /** Method and path the key was spent on, e.g. 'POST /api/feedback'. */
  request: string;
  status_code: number;
  /** The answer's body as JSON text, replayed verbatim; the minimal answer once the answer window passed. */
  response: string;
  /** The minimal answer (JSON text) that replaces `response` after the answer window; null when `response` is already it. */
  summary: string | null;
  created_at: number;
}

/** One failed login or registration, counted by the rate limits across every api process. */
export interface AuthFailuresTable {
  /** What failed and what is counted, e.g. 'login:ip' or 'login:username'. */
  scope: string;
  /** The client address or the username key. */
  key: string;
  failed_at: number;
}

/** One 'Still there' from one person for one restroom on one day (docs/product-rules.md#fresh-or-stale). */
export interface ConfirmationsTable {
  id: string;
  user_id: string;
  restroom_id: string;
  /** 'YYYY-MM-DD' on the restroom's clocks. */
  day: string;
  created_at: number;
}

/** Entities the change feed can announce as deleted outright. */
export type TombstoneEntity = 'restroom' | 'comment';

export interface TombstonesTable {
  entity: TombstoneEntity;
  id: string;
  version: number;
  deleted_at: number;
}

/** Keys of the `meta` table. */
export type MetaKey = 'seq' | 'tombstone_floor' | 'write_key_floor' | 'retention_lease';

export interface MetaTable {
  key: MetaKey;
  value: number;
}

/** One import run (docs/architecture.md#import-runs). */
export interface ImportRunsTable {
  id: string;
  source: 'refuge' | 'osm';
  status: 'running' | 'stopped' | 'done' | 'failed';
  /** JSON of the run's plan (api/src/imports/import-run-plan.ts). */
  plan_json: string;
  rows_read: Generated<number>;
  rows_new: Generated<number>;
  rows_changed: Generated<number>;
  rows_unchanged: Generated<number>;
  rows_refused: Generated<number>;
  rows_outside: Generated<number>;
  steps_done: Generated<number>;
  steps_total: number | null;
  error: string | null;
  note: string | null;
  started_by: string | null;
  runner_id: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** What a run did with one listing it read. */
export interface ImportRunRowsTable {
  run_id: string;
  seq: number;
  source_id: string;
  outcome: 'new' | 'changed' | 'unchanged' | 'refused';
  restroom_id: string | null;
  name: string;
  city: string;
  reason: string | null;
}

/** The whole schema as Kysely sees it. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  restrooms: RestroomsTable;
  opening_hours: OpeningHoursTable;
  comments: CommentsTable;
  votes: VotesTable;
  flags: FlagsTable;
  contact: ContactTable;
  moderation_log: ModerationLogTable;
  applied_writes: AppliedWritesTable;
  auth_failures: AuthFailuresTable;
  tombstones: TombstonesTable;
  meta: MetaTable;
  import_runs: ImportRunsTable;
  import_run_rows: ImportRunRowsTable;
  confirmations: ConfirmationsTable;
}
