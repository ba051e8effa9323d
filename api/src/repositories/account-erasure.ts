import { DELETED_USER_ID, DELETED_USER_NAME } from '@allstall/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/*
 * The queries of deleting one's own account (services/delete-account.ts) that no other action
 * shares: every table a person's id or name can be in, emptied of it or made to name nobody
 * (docs/privacy.md#deleting-your-account).
 */

type Trx = Transaction<Database>;

/** Whom the rows name: the id, and the username as it is stored. */
export interface ErasedPerson {
  id: string;
  username: string;
}

/** The shared author of kept comments, made with the first deletion that keeps any. */
export async function ensureDeletedUser(trx: Trx): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: DELETED_USER_ID,
      username: DELETED_USER_NAME,
      // A leading space, which a typed username never keeps: nobody can sign up under it.
      username_key: ' deleted user',
      // Not an argon2 hash: no password opens it; and it is marked deleted, so it never signs in or is listed.
      password_hash: '!',
      is_admin: 0,
      inserted_at: 0,
      deleted_at: 0,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Every comment of the person, live or soft-deleted, oldest first. */
export async function listCommentsOf(trx: Trx, userId: string): Promise<Array<{ id: string; live: boolean }>> {
  const rows = await trx.selectFrom('comments').select(['id', 'deleted_at']).where('user_id', '=', userId).orderBy('version').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, live: row.deleted_at === null }));
}

export async function deleteCommentRows(trx: Trx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('comments').where('id', 'in', [...ids]).execute();
}

/** Gives a comment to the shared author with a fresh version, so every device shows it under "Deleted user". */
export async function giveCommentToNobody(trx: Trx, id: string, version: number): Promise<void> {
  await trx.updateTable('comments').set({ user_id: DELETED_USER_ID, version }).where('id', '=', id).execute();
}

/** The restrooms the person added, and whether each is in the feed already (a version above 0). */
export async function listRestroomsAddedByUser(trx: Trx, userId: string): Promise<Array<{ id: string; inFeed: boolean }>> {
  const rows = await trx.selectFrom('restrooms').select(['id', 'version']).where('added_by', '=', userId).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, inFeed: row.version > 0 }));
}

/** Credits a restroom to nobody; a row in the feed takes `version`, so devices drop the name. */
export async function uncreditRestroom(trx: Trx, id: string, version: number | null): Promise<void> {
  await trx
    .updateTable('restrooms')
    .set({ added_by: null, ...(version === null ? {} : { version }) })
    .where('id', '=', id)
    .execute();
}

/**
 * Removes what only the person had made and nobody else reads: 'Still there' taps, suggested
 * changes, messages to the admins, their second factor, their failed logins and the stored answers
 * of their writes; and unnames them where they decided or started something. Returns nothing: the
 * service counts what devices see.
 */
export async function removePrivateRows(trx: Trx, person: ErasedPerson, usernameKey: string): Promise<void> {
  await trx.deleteFrom('confirmations').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('flags').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('contact').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('second_factors').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('applied_writes').where('user_id', '=', person.id).execute();
  await trx.deleteFrom('auth_failures').where('key', '=', usernameKey).execute();
  await trx.updateTable('flags').set({ resolved_by: null }).where('resolved_by', '=', person.id).execute();
  await trx.updateTable('contact').set({ resolved_by: null }).where('resolved_by', '=', person.id).execute();
  await trx.updateTable('import_runs').set({ started_by: null }).where('started_by', '=', person.id).execute();
}

/**
 * The moderation log keeps its entries, anonymised: the person no longer decided them, an entry
 * about their account names the shared author, and every copy of their id or name inside what the
 * entry kept (a restroom's adder, a comment's author) reads as the shared author. Other people's
 * stored answers and flags (a restroom as it was when flagged) are anonymised the same way.
 */
export async function anonymiseMentions(trx: Trx, person: ErasedPerson): Promise<void> {
  await trx.updateTable('moderation_log').set({ actor_id: null }).where('actor_id', '=', person.id).execute();
  await trx.updateTable('moderation_log').set({ entity_id: DELETED_USER_ID }).where('entity_id', '=', person.id).execute();

  const logRows = await trx
    .selectFrom('moderation_log')
    .select(['id', 'before_json', 'after_json'])
    .where((eb) => eb.or([mentions(person, 'before_json'), mentions(person, 'after_json')]))
    .execute();
  for (const row of logRows) {
    await trx
      .updateTable('moderation_log')
      .set({ before_json: anonymisedJson(row.before_json, person), after_json: anonymisedJson(row.after_json, person) })
      .where('id', '=', row.id)
      .execute();
  }

  const answers = await trx
    .selectFrom('applied_writes')
    .select(['idempotency_key', 'request', 'response', 'summary'])
    .where((eb) => eb.or([mentions(person, 'request'), mentions(person, 'response'), mentions(person, 'summary')]))
    .execute();
  for (const row of answers) {
    await trx
      .updateTable('applied_writes')
      .set({
        request: row.request.replaceAll(person.id, DELETED_USER_ID),
        response: anonymisedJson(row.response, person) ?? row.response,
        summary: anonymisedJson(row.summary, person),
      })
      .where('idempotency_key', '=', row.idempotency_key)
      .execute();
  }

  const flags = await trx.selectFrom('flags').select(['id', 'original_json']).where(mentions(person, 'original_json')).execute();
  for (const row of flags) {
    await trx.updateTable('flags').set({ original_json: anonymisedJson(row.original_json, person) }).where('id', '=', row.id).execute();
  }
}

type MentionColumn = 'before_json' | 'after_json' | 'request' | 'response' | 'summary' | 'original_json';

/** Whether a column holds the person's id, or their name as a JSON string. `!` escapes LIKE's wildcards on both engines. */
function mentions(person: ErasedPerson, column: MentionColumn) {
  const likeLiteral = (text: string) => `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
  return sql<boolean>`(${sql.ref(column)} like ${likeLiteral(person.id)} escape '!' or ${sql.ref(column)} like ${likeLiteral(JSON.stringify(person.username))} escape '!')`;
}

/** JSON text with every string that is the person's id or name replaced, and the id inside longer strings (a path) too. */
function anonymisedJson(json: string | null, person: ErasedPerson): string | null {
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json.replaceAll(person.id, DELETED_USER_ID);
  }
  const replace = (value: unknown): unknown => {
    if (typeof value === 'string') return value === person.username ? DELETED_USER_NAME : value.replaceAll(person.id, DELETED_USER_ID);
    if (Array.isArray(value)) return value.map(replace);
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(inner)]));
    return value;
  };
  return JSON.stringify(replace(parsed));
}

/** The account itself, once nothing else points at it. */
export async function deleteUserRow(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
