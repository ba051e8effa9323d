import type { FeedbackResult, RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/errors.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { flagBody, insertRestroom, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();
let casey: Person;
let drew: Person;

beforeAll(async () => {
  casey = await signUp(testApp().app, 'Casey');
  drew = await signUp(testApp().app, 'Drew');
});

/** One of each POST write, for a restroom: where it goes, what it sends, and the table it adds to. */
function postWrites(restroomId: string) {
  return [
    { url: '/api/feedback', payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Warm water!' }, table: 'comments' },
    { url: '/api/flags', payload: flagBody(restroomId), table: 'flags' },
    { url: '/api/contact', payload: { details: 'Love the app.' }, table: 'contact' },
  ] as const;
}

async function rowsWithId(table: 'comments' | 'flags' | 'contact', id: string): Promise<number> {
  const rows = await testApp().app.db.selectFrom(table).select('id').where('id', '=', id).execute();
  return rows.length;
}

async function appliedWrites(key: string) {
  return testApp().app.db.selectFrom('applied_writes').select(['user_id', 'request', 'status_code']).where('idempotency_key', '=', key).execute();
}

describe('Idempotency-Key', () => {
  it('makes the key the new row’s id, and a repeat answers the same status and body, changing nothing', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    for (const { url, payload, table } of postWrites(restroomId)) {
      const key = uuidv7();
      const first = await write(app, url, { as: casey, payload, key });
      expect(first.statusCode).toBe(201);
      expect(first.json<{ id?: string; comment?: { id: string } }>()).toSatisfy((body) => (body.id ?? body.comment?.id) === key);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const seq = await readMeta(app.db, 'seq');

      const second = await write(app, url, { as: casey, payload, key });
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await rowsWithId(table, key)).toBe(1);
      expect(await readMeta(app.db, 'seq')).toBe(seq);
      expect(await appliedWrites(key)).toEqual([{ user_id: casey.id, request: `POST ${url}`, status_code: 201 }]);
    }
  });

  it('treats a key in capitals as the same key: one row, under the lower-case id', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const key = uuidv7();
    const payload = { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Spelled twice' } as const;
    const shouted = await write(app, '/api/feedback', { as: casey, payload, key: key.toUpperCase() });
    const quiet = await write(app, '/api/feedback', { as: casey, payload, key });
    expect(shouted.statusCode).toBe(201);
    expect(quiet.body).toBe(shouted.body);
    expect(shouted.json<FeedbackResult>().comment?.id).toBe(key);
    expect(await rowsWithId('comments', key)).toBe(1);
  });

  it('replays the stored answer byte for byte, even one today’s response schema would not produce', async () => {
    const { app } = testApp();
    const key = uuidv7();
    const first = await write(app, '/api/contact', { as: casey, payload: { details: 'Old answer, please' }, key });
    expect(first.statusCode).toBe(201);
    // As if an older release had answered in a shape the current schema no longer describes.
    const older = JSON.stringify({ id: key, received: true });
    await app.db.updateTable('applied_writes').set({ response: older }).where('idempotency_key', '=', key).execute();

    const replay = await write(app, '/api/contact', { as: casey, payload: { details: 'Old answer, please' }, key });
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(older);
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
  });

  it('replays feedback without counting the thumb again, even after the listing moved on', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db, { upvotes: 5 });
    const key = uuidv7();
    const payload = { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Once.' };
    const first = await write(app, '/api/feedback', { as: casey, payload, key });
    expect(first.json<FeedbackResult>().restroom.upvotes).toBe(6);

    await write(app, '/api/feedback', { as: drew, payload: { ...payload, comment: undefined } });
    // The stored answer comes back as it was, not the restroom as it is now.
    const replay = await write(app, '/api/feedback', { as: casey, payload, key });
    expect(replay.body).toBe(first.body);
    const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<RestroomDetail>();
    expect(detail.upvotes).toBe(7);
    expect(detail.comments.map((comment) => comment.id)).toEqual([key]);

    // Still answered after the restroom left the public view: the write did happen.
    await updateRestroom(app.db, restroomId, { is_removed: true }, Date.now());
    const late = await write(app, '/api/feedback', { as: casey, payload, key });
    expect(late.statusCode).toBe(201);
    expect(late.body).toBe(first.body);
  });

  it('answers the first answer to a repeat with a different body: a key names one write', async () => {
    const { app } = testApp();
    const key = uuidv7();
    const first = await write(app, '/api/contact', { as: casey, payload: { details: 'First words.' }, key });
    const changed = await write(app, '/api/contact', { as: casey, payload: { details: 'Second thoughts.' }, key });
    expect(changed.statusCode).toBe(201);
    expect(changed.body).toBe(first.body);
    const row = await app.db.selectFrom('contact').select('details').where('id', '=', key).executeTakeFirstOrThrow();
    expect(row.details).toBe('First words.');
  });

  it('refuses a key used by another person with 409, changing nothing', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    for (const { url, payload, table } of postWrites(restroomId)) {
      const key = uuidv7();
      expect((await write(app, url, { as: casey, payload, key })).statusCode).toBe(201);
      const seq = await readMeta(app.db, 'seq');
      const theirs = await write(app, url, { as: drew, payload, key });
      expect(theirs.statusCode).toBe(409);
      expect(theirs.json()).toMatchObject({ statusCode: 409, error: 'Conflict', field: 'Idempotency-Key' });
      expect(await rowsWithId(table, key)).toBe(1);
      expect(await readMeta(app.db, 'seq')).toBe(seq);
    }
    const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<RestroomDetail>();
    expect(detail.upvotes).toBe(1);
  });

  it('refuses a key spent on another route with 409', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const key = uuidv7();
    expect((await write(app, '/api/contact', { as: casey, payload: { details: 'Hello.' }, key })).statusCode).toBe(201);
    const flag = await write(app, '/api/flags', { as: casey, payload: flagBody(restroomId), key });
    expect(flag.statusCode).toBe(409);
    expect(flag.json()).toMatchObject({ field: 'Idempotency-Key' });
    const feedback = await write(app, '/api/feedback', { as: casey, payload: { restroom_id: restroomId, upvote: 1, downvote: 0 }, key });
    expect(feedback.statusCode).toBe(409);
    expect(await rowsWithId('flags', key)).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<RestroomDetail>().upvotes).toBe(0);
  });

  it('refuses with 409, not 500, a key that is already the id of someone else’s row', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const theirs = await write(app, '/api/feedback', { as: drew, payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Mine.' } });
    const commentId = theirs.json<FeedbackResult>().comment?.id ?? '';
    const seq = await readMeta(app.db, 'seq');
    const response = await write(app, '/api/feedback', {
      as: casey,
      payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Taking your id.' },
      key: commentId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'Idempotency-Key' });
    expect(await readMeta(app.db, 'seq')).toBe(seq);
    expect(await appliedWrites(commentId)).toEqual([]);
  });

  it('records no refusal: a write refused under a key can be fixed and sent again under it', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const key = uuidv7();
    const refused = await write(app, '/api/feedback', { as: casey, payload: { restroom_id: uuidv7(), upvote: 1, downvote: 0 }, key });
    expect(refused.statusCode).toBe(404);
    expect(await appliedWrites(key)).toEqual([]);
    const fixed = await write(app, '/api/feedback', { as: casey, payload: { restroom_id: restroomId, upvote: 1, downvote: 0 }, key });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers simultaneous requests under one key from one write', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    for (const { url, payload, table } of postWrites(restroomId)) {
      const key = uuidv7();
      const answers = await Promise.all([1, 2, 3].map(() => write(app, url, { as: casey, payload, key })));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
      expect(await rowsWithId(table, key)).toBe(1);
      expect(await appliedWrites(key)).toHaveLength(1);
    }
    const detail = (await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).json<RestroomDetail>();
    expect(detail.upvotes).toBe(1);
  });

  it('answers simultaneous deletions under one key with 204 each', async () => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    const posted = await write(app, '/api/feedback', { as: casey, payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Bye.' } });
    const commentId = posted.json<FeedbackResult>().comment?.id ?? '';
    const key = uuidv7();
    const answers = await Promise.all(Array.from({ length: 5 }, () => write(app, `/api/comments/${commentId}`, { method: 'DELETE', as: casey, key })));
    // Without the claim on the key, the later ones would find the comment already gone: 404.
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });

  it.each([
    ['not a UUID', 'abc'],
    ['empty', ''],
    ['a UUID with more after it', `${uuidv7()}0`],
    ['two keys', `${uuidv7()}, ${uuidv7()}`],
  ])('answers 400 naming Idempotency-Key for a key that is %s', async (_case, key) => {
    const { app } = testApp();
    const restroomId = await insertRestroom(app.db);
    for (const { url, payload } of postWrites(restroomId)) {
      const response = await write(app, url, { as: casey, payload, key });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'Idempotency-Key', message: 'Idempotency-Key is not in the expected format.' });
    }
    const response = await write(app, `/api/comments/${uuidv7()}`, { method: 'DELETE', as: casey, key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'Idempotency-Key' });
  });
});

describe('isUniqueViolation', () => {
  it('recognises a duplicate key on this engine, and nothing else', async () => {
    const { app } = testApp();
    const row = { key: 'seq' as const, value: 0 };
    const duplicate = await app.db.insertInto('meta').values(row).execute().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('unique'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
