import { FEED_VERSION_HEADER, type FeedbackResult, type RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { updateRestroom } from '../support/database-fixtures.js';
import { insertRestroom, pull, signUp, write } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * Feed-Version tells a device how new an answer about one restroom is, in the feed's own terms: the
 * answer holds every change up to that version. The device applies it to its mirror only when it
 * is at least the mirror's cursor, so a late answer never overwrites what a newer pull brought.
 */
const testApp = useTestApp();

function feedVersionOf(response: { headers: Record<string, unknown> }): number {
  const value = response.headers[FEED_VERSION_HEADER];
  expect(value).toMatch(/^[0-9]+$/);
  return Number(value);
}

describe('Feed-Version on GET /api/bathrooms/:id', () => {
  it('is the feed version the answer is at least as new as', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db, { name: 'Before' });
    const first = await app.inject({ method: 'GET', url: `/api/bathrooms/${id}` });
    expect(first.statusCode).toBe(200);
    expect(FEED_VERSION_HEADER).toBe('feed-version');
    expect(feedVersionOf(first)).toBe(await readMeta(app.db, 'seq'));

    await updateRestroom(app.db, id, { name: 'After' }, Date.now());
    const renamedAt = await readMeta(app.db, 'seq');
    const second = await app.inject({ method: 'GET', url: `/api/bathrooms/${id}` });
    expect(second.json<RestroomDetail>().name).toBe('After');
    expect(feedVersionOf(second)).toBe(renamedAt);
    expect(feedVersionOf(second)).toBeGreaterThan(feedVersionOf(first));

    // A device whose pull ended at the rename holds the same row: the answer may be applied (>= cursor).
    const { cursor } = await pull(app);
    expect(feedVersionOf(second)).toBeGreaterThanOrEqual(Number(cursor));
  });

  it('is sent with a 404 too, so a device can tell the restroom is gone as of that version', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db, { name: 'Soon removed' });
    await updateRestroom(app.db, id, { is_removed: true }, Date.now());
    const response = await app.inject({ method: 'GET', url: `/api/bathrooms/${id}` });
    expect(response.statusCode).toBe(404);
    expect(feedVersionOf(response)).toBe(await readMeta(app.db, 'seq'));
  });
});

describe('Feed-Version on POST /api/feedback', () => {
  it('is the version the write took, and a replay repeats the first answer’s', async () => {
    const { app } = testApp();
    const alex = await signUp(app, 'Alex');
    const id = await insertRestroom(app.db);
    const key = uuidv7();
    const payload = { restroom_id: id, upvote: 1, downvote: 0, comment: 'Clean.' };

    const response = await write(app, '/api/feedback', { as: alex, payload, key });
    expect(response.statusCode).toBe(201);
    const result = response.json<FeedbackResult>();
    expect(feedVersionOf(response)).toBe(Number(result.version));
    expect(feedVersionOf(response)).toBe(await readMeta(app.db, 'seq'));

    // Later changes move the feed; the replayed answer is still the restroom as it was then, and says so.
    await updateRestroom(app.db, id, { name: 'Renamed since' }, Date.now());
    const replay = await write(app, '/api/feedback', { as: alex, payload, key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<FeedbackResult>().restroom.name).not.toBe('Renamed since');
    expect(feedVersionOf(replay)).toBe(Number(result.version));
    expect(feedVersionOf(replay)).toBeLessThan(await readMeta(app.db, 'seq'));
  });
});
