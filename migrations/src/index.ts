import type { Migration, MigrationProvider } from 'kysely';
import * as createUsersAndSessions from './202611220800_create_users_and_sessions.js';
import * as createRestrooms from './202611220801_create_restrooms.js';
import * as createCommunityTables from './202611220802_create_community_tables.js';
import * as createBookkeeping from './202611220803_create_bookkeeping.js';
import * as extendWrites from './202611230900_extend_writes.js';
import * as createAuthFailures from './202611240800_create_auth_failures.js';
import * as cleanListingText from './202611250800_clean_listing_text.js';
import * as foldConfusableUsernames from './202611250900_fold_confusable_usernames.js';
import * as restroomTimeZones from './202611260800_restroom_time_zones.js';
import * as createImportRuns from './202611260900_create_import_runs.js';
import * as yesNoUnknown from './202611270800_yes_no_unknown.js';
import * as createConfirmations from './202611270900_create_confirmations.js';
import * as restroomFee from './202611280800_restroom_fee.js';
import * as flagHours from './202611280900_flag_hours.js';
import * as addRetention from './202611290800_add_retention.js';
import * as addAccountControls from './202611300800_add_account_controls.js';

/**
 * Every migration by name, in the order they run. Listed by hand rather than read from disk so the
 * set is the same from source, from dist and inside a bundle. Append new ones; never edit or
 * reorder landed ones.
 */
export const allstallMigrations: Readonly<Record<string, Migration>> = {
  '202611220800_create_users_and_sessions': createUsersAndSessions,
  '202611220801_create_restrooms': createRestrooms,
  '202611220802_create_community_tables': createCommunityTables,
  '202611220803_create_bookkeeping': createBookkeeping,
  '202611230900_extend_writes': extendWrites,
  '202611240800_create_auth_failures': createAuthFailures,
  '202611250800_clean_listing_text': cleanListingText,
  '202611250900_fold_confusable_usernames': foldConfusableUsernames,
  '202611260800_restroom_time_zones': restroomTimeZones,
  '202611260900_create_import_runs': createImportRuns,
  '202611270800_yes_no_unknown': yesNoUnknown,
  '202611270900_create_confirmations': createConfirmations,
  '202611280800_restroom_fee': restroomFee,
  '202611280900_flag_hours': flagHours,
  '202611290800_add_retention': addRetention,
  '202611300800_add_account_controls': addAccountControls,
};

/** Hands Kysely's `Migrator` the static list above. */
export const allstallMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...allstallMigrations }),
};
