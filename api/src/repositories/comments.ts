import type { Comment } from '@allstall/shared';
import type { InferResult, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nextVersion } from './change-feed.js';
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

/** What it takes to add a comment. */
export interface NewComment {
  id: string;
  restroomId: string;
  userId: string;
  content: string;
  insertedAtMs: number;
}

/** Adds a comment with a fresh change-feed version. */
export async function insertComment(db: Kysely<Database>, comment: NewComment): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx);
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
  });
}

/**
 * Soft-deletes a comment: the row stays with a new version, so devices learn to drop it.
 * Returns false when there is no such live comment.
 */
export async function softDeleteComment(db: Kysely<Database>, id: string, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx);
    const result = await trx
      .updateTable('comments')
      .set({ deleted_at: nowMs, version })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}
