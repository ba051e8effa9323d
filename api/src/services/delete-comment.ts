import type { User } from '@allstall/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../errors/http-error.js';
import { findLiveCommentAuthor, softDeleteCommentIn } from '../repositories/comments.js';

/**
 * DELETE /api/comments/:id inside the write's transaction: its author or an admin takes a comment
 * down (403 for anyone else, 404 when it is not there). It takes a fresh change-feed version, so
 * every device drops it on its next pull.
 */
export async function deleteComment(trx: Transaction<Database>, user: User, id: string, nowMs: number): Promise<void> {
  const comment = await findLiveCommentAuthor(trx, id);
  if (comment === undefined) throw new HttpError(404, 'comment.notFound', { field: 'id' });
  if (comment.userId !== user.id && !user.is_admin) {
    throw new HttpError(403, 'comment.deleteForbidden', { field: 'id' });
  }
  // Live a moment ago; on PostgreSQL another deletion may have committed since.
  if (!(await softDeleteCommentIn(trx, id, nowMs))) throw new HttpError(404, 'comment.notFound', { field: 'id' });
}
