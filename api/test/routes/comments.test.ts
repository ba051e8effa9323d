import type { FeedbackResult, RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { softDeleteComment } from '../support/database-fixtures.js';
import { insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();
let author: Person;
let stranger: Person;
let admin: Person;

beforeAll(async () => {
  const { app } = testApp();
  author = await signUp(app, 'Author');
  stranger = await signUp(app, 'Stranger');
  admin = await signInAdmin(app);
});

/** A fresh comment by `author` on a fresh restroom, posted through feedback. */
async function postComment(): Promise<{ restroomId: string; commentId: string }> {
  const { app } = testApp();
  const restroomId = await insertRestroom(app.db);
  const response = await write(app, '/api/feedback', { as: author, payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Nice tiles.' } });
  const commentId = response.json<FeedbackResult>().comment?.id;
  if (commentId === undefined) throw new Error(`no comment: ${response.body}`);
  return { restroomId, commentId };
}

function deleteComment(commentId: string, as?: Person, options: { key?: string; headers?: Record<string, string> } = {}) {
  return write(testApp().app, `/api/comments/${commentId}`, { method: 'DELETE', ...(as === undefined ? {} : { as }), ...options });
}

async function commentsShown(restroomId: string): Promise<string[]> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` });
  return response.json<RestroomDetail>().comments.map((comment) => comment.id);
}

describe('DELETE /api/comments/:id', () => {
  it('lets the author delete their comment: 204 with no body, gone from the detail, announced by the feed', async () => {
    const { app } = testApp();
    const { restroomId, commentId } = await postComment();
    const before = await pull(app);
    expect(await commentsShown(restroomId)).toEqual([commentId]);

    const response = await deleteComment(commentId, author);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(await commentsShown(restroomId)).toEqual([]);
    const next = await pull(app, before.cursor);
    expect(next.deleted.comments).toEqual([commentId]);
    expect(next.comments).toEqual([]);
    const row = await app.db.selectFrom('comments').select(['deleted_at', 'version']).where('id', '=', commentId).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.version).toBe(await readMeta(app.db, 'seq'));
  });

  it('lets an admin delete anyone’s comment', async () => {
    const { restroomId, commentId } = await postComment();
    expect((await deleteComment(commentId, admin)).statusCode).toBe(204);
    expect(await commentsShown(restroomId)).toEqual([]);
  });

  it('refuses another user with 403 and a guest with 401, leaving the comment', async () => {
    const { restroomId, commentId } = await postComment();
    const other = await deleteComment(commentId, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', field: 'id' });
    const guest = await deleteComment(commentId);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(await commentsShown(restroomId)).toEqual([commentId]);
  });

  it('answers 404 naming id for an unknown or already deleted comment, without spending a version', async () => {
    const { app } = testApp();
    const { commentId } = await postComment();
    expect((await deleteComment(commentId, author)).statusCode).toBe(204);
    const seq = await readMeta(app.db, 'seq');
    for (const id of [commentId, uuidv7()]) {
      const response = await deleteComment(id, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, field: 'id' });
    }
    expect(await readMeta(app.db, 'seq')).toBe(seq);
  });

  it('answers 400 naming id for a malformed id', async () => {
    for (const id of ['not-a-uuid', '1', `${uuidv7()}x`]) {
      const response = await deleteComment(id, author);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'id' });
    }
  });

  it('works as the web client sends it: no body, or an empty one with a JSON content type', async () => {
    const first = await postComment();
    expect((await deleteComment(first.commentId, author)).statusCode).toBe(204);
    const second = await postComment();
    const withHeader = await deleteComment(second.commentId, author, { headers: { 'content-type': 'application/json' } });
    expect(withHeader.statusCode).toBe(204);
  });

  it('still needs the x-requested-with header, like every write', async () => {
    const { commentId } = await postComment();
    const response = await testApp().app.inject({ method: 'DELETE', url: `/api/comments/${commentId}`, headers: { cookie: author.cookie } });
    expect(response.statusCode).toBe(403);
  });

  it('answers a replay under the same key with 204 again, and refuses the key for another comment', async () => {
    const { app } = testApp();
    const first = await postComment();
    const second = await postComment();
    const key = uuidv7();
    expect((await deleteComment(first.commentId, author, { key })).statusCode).toBe(204);
    const seq = await readMeta(app.db, 'seq');

    const replay = await deleteComment(first.commentId, author, { key });
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await readMeta(app.db, 'seq')).toBe(seq);

    const reused = await deleteComment(second.commentId, author, { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ field: 'Idempotency-Key' });
    expect(await commentsShown(second.restroomId)).toEqual([second.commentId]);
  });
});

describe('softDeleteComment', () => {
  it('spends no version when there is nothing to delete', async () => {
    const { app } = testApp();
    const seq = await readMeta(app.db, 'seq');
    expect(await softDeleteComment(app.db, uuidv7(), Date.now())).toBe(false);
    expect(await readMeta(app.db, 'seq')).toBe(seq);
  });
});
