import type { Comment } from '@allstall/shared';
import type { InferResult, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nextVersion } from './feed-versions.js';
import { isoFromEpochMs } from './convert.js';

/** The one place a comment is selected: explicit columns plus the author's username. */
export function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.restroom_id',
      'comments.user_id',
      'comments.content',
      'comments.inserted_at',
      'comments.deleted_at',
      'comments.version',
      'users.username',
    ]);
}

/** A comment row as `selectComments` returns it. */
export type CommentRow = InferResult<ReturnType<typeof selectComments>>[number];

/** Row → API shape. */
export function commentFromRow(row: CommentRow): Comment {
  return {
    id: row.id,
    restroom_id: row.restroom_id,
    user_id: row.user_id,
    username: row.username,
    content: row.content,
    inserted_at: isoFromEpochMs(row.inserted_at),
  };
}

/** A restroom's comments that have not been deleted, newest first. */
export async function listCommentsForRestroom(db: Kysely<Database>, restroomId: string): Promise<Comment[]> {
  const rows = await selectComments(db)
    .where('comments.restroom_id', '=', restroomId)
    .where('comments.deleted_at', 'is', null)
    .orderBy('comments.inserted_at', 'desc')
    .orderBy('comments.id', 'desc')
    .execute();
  return rows.map(commentFromRow);
}

/** One comment by id, deleted or not; undefined when there is no such row. */
export async function findComment(db: Kysely<Database>, id: string): Promise<Comment | undefined> {
  const row = await selectComments(db).where('comments.id', '=', id).executeTakeFirst();
  return row && commentFromRow(row);
}

/** Who wrote a comment that has not been deleted; undefined when there is no such live comment. */
export async function findLiveCommentAuthor(db: Kysely<Database>, id: string): Promise<{ userId: string } | undefined> {
  const row = await db
    .selectFrom('comments')
    .select('user_id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { userId: row.user_id };
}

/** What it takes to add a comment. */
export interface NewComment {
  id: string;
  restroomId: string;
  userId: string;
  content: string;
  insertedAtMs: number;
}

/** Adds a comment inside the caller's transaction, stamped with a version the caller reserved. */
export async function insertCommentIn(trx: Transaction<Database>, comment: NewComment, version: number): Promise<void> {
  await trx
    .insertInto('comments')
    .values({
      id: comment.id,
      restroom_id: comment.restroomId,
      user_id: comment.userId,
      content: comment.content,
      inserted_at: comment.insertedAtMs,
      deleted_at: null,
      version,
    })
    .execute();
}

/**
 * Soft-deletes a live comment inside the caller's transaction: the row stays with a new version, so
 * devices learn to drop it. Returns false when it was not (or is no longer) live.
 */
export async function softDeleteCommentIn(trx: Transaction<Database>, id: string, nowMs: number): Promise<boolean> {
  // The version comes first: it locks the counter, which is the order every versioned write takes
  // its locks in (counter, then rows), so two writers never wait on each other in a circle.
  const version = await nextVersion(trx);
  const result = await trx
    .updateTable('comments')
    .set({ deleted_at: nowMs, version })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The ids of a person's comments that have not been deleted, oldest change first. */
export async function listLiveCommentIdsBy(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('version')
    .execute();
  return rows.map((row) => row.id);
}
