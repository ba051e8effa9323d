import { COMMENT_MAX_LENGTH, type FeedbackResult, type RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { countChange, thumbOf } from '../../src/services/leave-feedback.js';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp();

async function detail(restroomId: string): Promise<RestroomDetail> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` });
  expect(response.statusCode).toBe(200);
  return response.json<RestroomDetail>();
}

function feedback(as: Person, payload: object, key?: string) {
  return write(testApp().app, '/api/feedback', { as, payload, ...(key === undefined ? {} : { key }) });
}

async function votesOf(restroomId: string) {
  return testApp().app.db.selectFrom('votes').select(['user_id', 'vote']).where('restroom_id', '=', restroomId).execute();
}

describe('POST /api/feedback', () => {
  it('stores the thumb and the comment, and answers the restroom with its new counts', async () => {
    const { app } = testApp();
    const sam = await signUp(app, 'Sam');
    const restroomId = await insertRestroom(app.db);
    const before = await pull(app);
    const key = uuidv7();

    const response = await feedback(sam, { restroom_id: restroomId, upvote: 1, downvote: 0, comment: '  Spotless, and a hook on the door.  ' }, key);
    expect(response.statusCode).toBe(201);
    const result = response.json<FeedbackResult>();
    expect(result.restroom).toMatchObject({ id: restroomId, upvotes: 1, downvotes: 0 });
    expect(Date.parse(result.restroom.last_confirmed_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(result.comment).toEqual({
      id: key,
      restroom_id: restroomId,
      user_id: sam.id,
      username: 'Sam',
      content: 'Spotless, and a hook on the door.',
      inserted_at: expect.any(String),
    });
    // The highest version the write took: the counter now stands there.
    expect(result.version).toBe(String(await readMeta(app.db, 'seq')));

    const shown = await detail(restroomId);
    expect(shown).toMatchObject({ upvotes: 1, downvotes: 0, last_confirmed_at: result.restroom.last_confirmed_at });
    expect(shown.comments).toEqual([result.comment]);

    // Every device's next pull brings the new counts and the comment.
    const next = await pull(app, before.cursor);
    expect(next.restrooms).toEqual([result.restroom]);
    expect(next.comments).toEqual([result.comment]);
    expect(next.cursor).toBe(result.version);
  });

  it('without a key stores the comment under a fresh UUIDv7, and without a comment answers comment: null', async () => {
    const { app } = testApp();
    const alex = await signUp(app, 'Alex');
    const restroomId = await insertRestroom(app.db);

    const withComment = await feedback(alex, { restroom_id: restroomId, upvote: 0, downvote: 1, comment: 'Out of soap.' });
    expect(withComment.statusCode).toBe(201);
    expect(withComment.json<FeedbackResult>().comment?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);

    const blank = await feedback(alex, { restroom_id: restroomId, upvote: 0, downvote: 0, comment: '   ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json<FeedbackResult>()).toMatchObject({ comment: null, restroom: { upvotes: 0, downvotes: 1 } });
    expect((await detail(restroomId)).comments).toHaveLength(1);
  });

  it('counts one standing thumb per person: ten thumbs up count once, a switch moves the count', async () => {
    const { app } = testApp();
    const [robin, kai] = [await signUp(app, 'Robin'), await signUp(app, 'Kai')];
    const restroomId = await insertRestroom(app.db);

    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await feedback(robin, { restroom_id: restroomId, upvote: 1, downvote: 0 })).statusCode).toBe(201);
    }
    expect(await detail(restroomId)).toMatchObject({ upvotes: 1, downvotes: 0 });
    expect(await votesOf(restroomId)).toEqual([{ user_id: robin.id, vote: 1 }]);

    await feedback(kai, { restroom_id: restroomId, upvote: 1, downvote: 0 });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 2, downvotes: 0 });

    await feedback(robin, { restroom_id: restroomId, upvote: 0, downvote: 1 });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 1, downvotes: 1 });

    // No thumb at all leaves the standing one alone.
    await feedback(robin, { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Still broken.' });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 1, downvotes: 1 });
    expect(await votesOf(restroomId)).toEqual(expect.arrayContaining([{ user_id: robin.id, vote: -1 }, { user_id: kai.id, vote: 1 }]));
  });

  it('counts thumbs sent at the same moment correctly: one person’s many devices once, two people twice', async () => {
    const { app } = testApp();
    const [ola, uma] = [await signUp(app, 'Ola'), await signUp(app, 'Uma')];
    const restroomId = await insertRestroom(app.db);
    const thumbsUp = { restroom_id: restroomId, upvote: 1, downvote: 0 };

    // Ten at once from one person (each a different write, so a different key) still count once.
    const samePerson = await Promise.all(Array.from({ length: 10 }, () => feedback(ola, thumbsUp, uuidv7())));
    expect(samePerson.every((response) => response.statusCode === 201)).toBe(true);
    expect(await detail(restroomId)).toMatchObject({ upvotes: 1 });

    const twoPeople = await Promise.all([feedback(uma, { ...thumbsUp, upvote: 0, downvote: 1 }), feedback(ola, { ...thumbsUp, upvote: 0, downvote: 1 })]);
    expect(twoPeople.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(await detail(restroomId)).toMatchObject({ upvotes: 0, downvotes: 2 });
  });

  it('keeps imported counts that have no vote rows behind them', async () => {
    const { app } = testApp();
    const jo = await signUp(app, 'Jo');
    const restroomId = await insertRestroom(app.db, { upvotes: 5, downvotes: 2 });

    await feedback(jo, { restroom_id: restroomId, upvote: 1, downvote: 0 });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 6, downvotes: 2 });
    await feedback(jo, { restroom_id: restroomId, upvote: 0, downvote: 1 });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 5, downvotes: 3 });
  });

  it('answers 404 naming restroom_id for an unknown, removed, pending or rejected restroom, changing nothing', async () => {
    const { app } = testApp();
    const lee = await signUp(app, 'Lee');
    const removed = await insertRestroom(app.db, { is_removed: 1 });
    const pending = await insertRestroom(app.db, { status: 'pending' });
    const rejected = await insertRestroom(app.db, { status: 'rejected' });
    const hiddenLater = await insertRestroom(app.db);
    await updateRestroom(app.db, hiddenLater, { is_removed: true }, Date.now());
    const seqBefore = await readMeta(app.db, 'seq');

    for (const restroomId of [uuidv7(), removed, pending, rejected, hiddenLater]) {
      const response = await feedback(lee, { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Hello?' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found', field: 'restroom_id' });
    }
    expect(await readMeta(app.db, 'seq')).toBe(seqBefore);
    expect(await app.db.selectFrom('votes').select('user_id').where('user_id', '=', lee.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('comments').select('id').where('user_id', '=', lee.id).execute()).toEqual([]);
  });

  it.each([
    ['a missing restroom_id', 'restroom_id', { restroom_id: undefined, upvote: 1, downvote: 0 }],
    ['a malformed restroom_id', 'restroom_id', { restroom_id: 'nope', upvote: 1, downvote: 0 }],
    ['both thumbs', 'downvote', { upvote: 1, downvote: 1 }],
    ['a thumb of 2', 'upvote', { upvote: 2, downvote: 0 }],
    ['a thumb as a boolean', 'upvote', { upvote: true, downvote: 0 }],
    ['a comment over 2,000 characters', 'comment', { upvote: 0, downvote: 0, comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }],
    ['a comment that is not text', 'comment', { upvote: 0, downvote: 0, comment: 42 }],
    ['an unknown field', 'stars', { upvote: 1, downvote: 0, stars: 5 }],
    ['a user id in the body', 'user_id', { upvote: 1, downvote: 0, user_id: uuidv7() }],
  ])('answers 400 for %s, naming %s', async (_case, field, body) => {
    const { app } = testApp();
    const morgan = await signUp(app, `Morgan ${uuidv7()}`);
    const restroomId = await insertRestroom(app.db);
    const response = await feedback(morgan, { restroom_id: restroomId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
    expect(await detail(restroomId)).toMatchObject({ upvotes: 0, downvotes: 0, last_confirmed_at: null, comments: [] });
  });

  it('accepts exactly 2,000 characters of comment', async () => {
    const { app } = testApp();
    const pat = await signUp(app, 'Pat');
    const restroomId = await insertRestroom(app.db);
    const response = await feedback(pat, { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'y'.repeat(COMMENT_MAX_LENGTH) });
    expect(response.statusCode).toBe(201);
    expect(response.json<FeedbackResult>().comment?.content).toHaveLength(COMMENT_MAX_LENGTH);
  });

  it('answers 400 for a missing, empty or malformed body', async () => {
    const { app } = testApp();
    const quinn = await signUp(app, 'Quinn');
    const noBody = await write(app, '/api/feedback', { as: quinn });
    expect(noBody.statusCode).toBe(400);
    const emptyObject = await write(app, '/api/feedback', { as: quinn, payload: {} });
    expect(emptyObject.statusCode).toBe(400);
    expect(emptyObject.json().field).toBe('restroom_id');
    const notJson = await write(app, '/api/feedback', { as: quinn, headers: { 'content-type': 'application/json' }, payload: Buffer.from('{oops') });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('countChange', () => {
  it('moves counts by the difference between the standing and the new thumb', () => {
    expect(countChange(undefined, 1)).toEqual({ upvotes: 1, downvotes: 0 });
    expect(countChange(undefined, -1)).toEqual({ upvotes: 0, downvotes: 1 });
    expect(countChange(1, 1)).toEqual({ upvotes: 0, downvotes: 0 });
    expect(countChange(1, -1)).toEqual({ upvotes: -1, downvotes: 1 });
    expect(countChange(-1, 1)).toEqual({ upvotes: 1, downvotes: -1 });
    expect(countChange(-1, undefined)).toEqual({ upvotes: 0, downvotes: 0 });
  });

  it('reads the thumb from a body', () => {
    expect(thumbOf({ upvote: 1, downvote: 0 })).toBe(1);
    expect(thumbOf({ upvote: 0, downvote: 1 })).toBe(-1);
    expect(thumbOf({ upvote: 0, downvote: 0 })).toBeUndefined();
  });
});
