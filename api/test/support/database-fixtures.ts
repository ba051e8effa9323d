import type { Restroom } from '@allstall/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { findLiveCommentAuthor, insertCommentIn, softDeleteCommentIn, type NewComment } from '../../src/repositories/comments.js';
import { flagFromBoolean } from '../../src/repositories/convert.js';
import { nextVersion } from '../../src/repositories/feed-versions.js';
import { deleteRestroomIn, reversionComments } from '../../src/repositories/restroom-changes.js';

/*
 * Writes and reads straight on the database that only tests make: each runs in a transaction of its
 * own and moves the change feed as the api's writes do, so a test can set up a state (a hidden
 * restroom, a deleted comment) without driving the admin screens' requests to get there.
 */

/** The listing fields and standing a test may change on a restroom. */
export interface RestroomEdit {
  name?: string;
  street?: string;
  city?: string;
  state?: string;
  is_removed?: boolean;
  status?: Restroom['status'];
  /** A move: the restroom's new position. */
  latitude?: number;
  longitude?: number;
}

/**
 * Applies an edit and stamps a fresh version, so every device picks the change up on its next
 * pull. Returns false when there is no such restroom.
 */
export async function updateRestroom(
  db: Kysely<Database>,
  id: string,
  changes: RestroomEdit,
  nowMs: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx);
    const { is_removed, ...textAndStatus } = changes;
    const result = await trx
      .updateTable('restrooms')
      .set({
        ...textAndStatus,
        ...(is_removed === undefined ? {} : { is_removed: flagFromBoolean(is_removed) }),
        updated_at: nowMs,
        version,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    if (is_removed !== undefined || changes.status !== undefined) await reversionComments(trx, id);
    return true;
  });
}

/**
 * Deletes a restroom for good (its hours, comments and votes go with it through the foreign keys)
 * and leaves tombstones for it and its comments. Returns false when there is no such restroom.
 */
export async function deleteRestroom(db: Kysely<Database>, id: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => deleteRestroomIn(trx, id, nowMs));
}

/** Adds a comment with a fresh change-feed version. */
export async function insertComment(db: Kysely<Database>, comment: NewComment): Promise<void> {
  await db.transaction().execute(async (trx) => insertCommentIn(trx, comment, await nextVersion(trx)));
}

/**
 * Soft-deletes a comment in a transaction of its own. Returns false when there is no such live
 * comment, and then spends no version.
 */
export async function softDeleteComment(db: Kysely<Database>, id: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await findLiveCommentAuthor(trx, id)) === undefined) return false;
    return softDeleteCommentIn(trx, id, nowMs);
  });
}

/** Whether a session row exists (expired or not). */
export async function sessionExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
