import type { User } from '@allstall/shared';
import type { InferResult, Kysely } from 'kysely';
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

/** A live user by the folded username (`usernameKey`), with the hash for login. */
export async function findUserByKey(db: Kysely<Database>, key: string): Promise<UserWithPasswordHash | undefined> {
  const row = await selectUsers(db).where('username_key', '=', key).executeTakeFirst();
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
