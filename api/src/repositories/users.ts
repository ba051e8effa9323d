import type { User } from '@allstall/shared';
import type { InferResult, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { booleanFromFlag, flagFromBoolean, isoFromEpochMs } from './convert.js';

/** The one place a user is selected. The hash is included for login and never leaves this layer. */
function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'username_key', 'password_hash', 'is_admin', 'inserted_at'])
    .where('deleted_at', 'is', null);
}

type UserRow = InferResult<ReturnType<typeof selectUsers>>[number];

/** A user together with the stored hash, for checking a password. */
export interface UserWithPasswordHash {
  user: User;
  passwordHash: string;
}

/** Row → API shape: never the hash, never the lookup key. */
function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    is_admin: booleanFromFlag(row.is_admin),
    inserted_at: isoFromEpochMs(row.inserted_at),
  };
}

/** A live (not deleted) user by id. */
export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  const row = await selectUsers(db).where('id', '=', id).executeTakeFirst();
  return row && userFromRow(row);
}

/**
 * The live user a session names, and whether they have a second factor on: what every request
 * needs to know of its person, in one query.
 */
export async function findSignedInUser(db: Kysely<Database>, id: string): Promise<{ user: User; secondFactorOn: boolean } | undefined> {
  const row = await selectUsers(db)
    .leftJoin('second_factors', 'second_factors.user_id', 'users.id')
    .select('second_factors.enabled_at')
    .where('users.id', '=', id)
    .executeTakeFirst();
  return row && { user: userFromRow(row), secondFactorOn: row.enabled_at !== null };
}

/**
 * A live user by the first of `keys` (folded usernames) that some account holds, with the hash for
 * login. One query whatever the number of keys.
 */
export async function findUserByKeys(db: Kysely<Database>, keys: readonly string[]): Promise<UserWithPasswordHash | undefined> {
  if (keys.length === 0) return undefined;
  const rows = await selectUsers(db).where('username_key', 'in', [...keys]).execute();
  const row = keys.map((key) => rows.find((candidate) => candidate.username_key === key)).find((found) => found !== undefined);
  return row && { user: userFromRow(row), passwordHash: row.password_hash };
}

/** What it takes to create an account. */
export interface NewUser {
  id: string;
  username: string;
  usernameKey: string;
  passwordHash: string;
  isAdmin: boolean;
  insertedAtMs: number;
}

/**
 * Creates an account. Returns undefined when the username is taken: the unique index on
 * `username_key` decides, so two simultaneous registrations cannot both win.
 */
export async function insertUser(db: Kysely<Database>, newUser: NewUser): Promise<User | undefined> {
  const inserted = await db
    .insertInto('users')
    .values({
      id: newUser.id,
      username: newUser.username,
      username_key: newUser.usernameKey,
      password_hash: newUser.passwordHash,
      is_admin: flagFromBoolean(newUser.isAdmin),
      inserted_at: newUser.insertedAtMs,
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('username_key').doNothing())
    .returning(['id', 'username', 'username_key', 'password_hash', 'is_admin', 'inserted_at'])
    .executeTakeFirst();
  return inserted && userFromRow(inserted);
}

/** Every live account, oldest first: the admin Users tab. */
export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  const rows = await selectUsers(db).orderBy('inserted_at').orderBy('id').execute();
  return rows.map(userFromRow);
}

/** An account by id whether or not it was deleted, with when it was deleted (null while live). */
export async function findAccount(
  db: Kysely<Database>,
  id: string,
): Promise<{ user: User; deletedAtMs: number | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'username_key', 'password_hash', 'is_admin', 'inserted_at', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { user: userFromRow(row), deletedAtMs: row.deleted_at };
}

/**
 * The ids of the live admins, their rows locked until the transaction ends (on PostgreSQL; SQLite
 * runs one writer at a time anyway). Two admins demoting each other at once then take turns, and
 * the second sees that only one admin is left.
 */
export async function lockLiveAdminIds(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx
    .updateTable('users')
    .set((eb) => ({ is_admin: eb.ref('is_admin') }))
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Makes or unmakes a live account an admin. Returns false when there is no such live account. */
export async function setUserAdmin(trx: Transaction<Database>, id: string, isAdmin: boolean): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ is_admin: flagFromBoolean(isAdmin) })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks a live account deleted: it can no longer sign in or act, and it leaves the Users tab. The
 * row stays, so what the person added keeps its author and the moderation log its admin, and the
 * username stays taken, so nobody can later pass as them. Returns false when it was not live.
 */
export async function markUserDeleted(trx: Transaction<Database>, id: string, nowMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ deleted_at: nowMs, is_admin: 0 })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The stored hash of a live account's password, for checking it again before a change. */
export async function findPasswordHash(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row?.password_hash;
}

/** Replaces a live account's password hash. */
export async function setPasswordHash(trx: Transaction<Database>, id: string, passwordHash: string): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).where('deleted_at', 'is', null).execute();
}
