import { usernameCaseFold, usernameKey } from '@allstall/shared';
import type { Kysely } from 'kysely';

interface UserKeyRow {
  id: string;
  username: string;
  username_key: string;
  is_admin: number;
  inserted_at: number | string;
  deleted_at: number | string | null;
}

/** Marks a key as a placeholder while keys move: no username can contain a control character. */
const PLACEHOLDER_MARK = '\u0001';

/**
 * `users.username_key` becomes the confusable skeleton of the name (`usernameKey`), so the unique
 * index refuses 'аdmin' spelled with a Cyrillic а beside 'admin'. Existing names that now fold
 * together all stay: the first in line (live before deleted, admins first, then the oldest) takes
 * the new key; each other one keeps its old case-folded key, which login still finds, so nobody is
 * locked out of an account by the change. Keys move through unique placeholders first, so no
 * half-done step trips the unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<{ users: UserKeyRow }>;
  const rows = await users.selectFrom('users').select(['id', 'username', 'username_key', 'is_admin', 'inserted_at', 'deleted_at']).execute();
  const inLine = [...rows].sort(
    (a, b) =>
      Number(a.deleted_at !== null) - Number(b.deleted_at !== null) ||
      Number(b.is_admin) - Number(a.is_admin) ||
      Number(a.inserted_at) - Number(b.inserted_at) ||
      a.id.localeCompare(b.id),
  );
  const newKeys = new Map<string, string>();
  const taken = new Set<string>();
  for (const row of inLine) {
    const key = usernameKey(row.username);
    if (!taken.has(key)) {
      newKeys.set(row.id, key);
      taken.add(key);
    }
  }
  for (const row of inLine) {
    if (newKeys.has(row.id)) continue;
    const oldKey = usernameCaseFold(row.username);
    // Only if a new key took the old one too (vanishingly rare): the account keeps its row and its
    // content but can no longer be signed in to by name.
    const key = taken.has(oldKey) ? `${PLACEHOLDER_MARK}${row.id}` : oldKey;
    newKeys.set(row.id, key);
    taken.add(key);
  }
  const moving = rows.filter((row) => newKeys.get(row.id) !== row.username_key);
  for (const row of moving) {
    await users.updateTable('users').set({ username_key: `${PLACEHOLDER_MARK}${PLACEHOLDER_MARK}${row.id}` }).where('id', '=', row.id).execute();
  }
  for (const row of moving) {
    await users.updateTable('users').set({ username_key: newKeys.get(row.id) ?? '' }).where('id', '=', row.id).execute();
  }
}

/** Back to case-folded keys; names that folded together under the skeleton stay apart under it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<{ users: UserKeyRow }>;
  const rows = await users.selectFrom('users').select(['id', 'username']).execute();
  for (const row of rows) {
    await users.updateTable('users').set({ username_key: `${PLACEHOLDER_MARK}${row.id}` }).where('id', '=', row.id).execute();
  }
  for (const row of rows) {
    await users.updateTable('users').set({ username_key: usernameCaseFold(row.username) }).where('id', '=', row.id).execute();
  }
}
