import { DEFAULT_REGION, type NearbyRestroom, type Restroom, type RestroomDetail } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { insertComment, softDeleteComment, updateRestroom } from '../support/database-fixtures.js';
import { useTestApp } from '../support/helpers.js';

const testApp = useTestApp({ DEMO_DATA: '1' });

async function get(url: string) {
  return testApp().app.inject({ method: 'GET', url });
}

describe('GET /api/bathrooms', () => {
  it('lists every visible restroom in the API shape', async () => {
    const response = await get('/api/bathrooms');
    expect(response.statusCode).toBe(200);
    const restrooms = response.json<Restroom[]>();
    expect(restrooms).toHaveLength(606);
    const caribou = restrooms.find((restroom) => restroom.name === 'Caribou Coffee' && restroom.city === 'Maple Grove');
    expect(caribou).toMatchObject({
      street: '13250 Grove Dr Suite 2',
      state: 'MN',
      latitude: 45.10423,
      longitude: -93.448586,
      unisex: true,
      accessible: true,
      is_removed: false,
      status: 'approved',
      source: 'demo',
      username: null,
      upvotes: 0,
      downvotes: 0,
      last_confirmed_at: null,
      created_at: '2023-05-13T15:01:08.907Z',
    });
    expect(caribou?.hours).toEqual(expect.arrayContaining([{ day: 1, open: 700, close: 1600 }]));
  });

  it('refuses unknown query parameters', async () => {
    const response = await get('/api/bathrooms?everything=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('everything');
  });
});

describe('GET /api/bathrooms/nearby', () => {
  it('answers the nearest visible restrooms first, with distance in miles to 2 decimals', async () => {
    const { lat, lng } = DEFAULT_REGION.listOrigin;
    const response = await get(`/api/bathrooms/nearby?lat=${lat}&lng=${lng}&limit=15`);
    expect(response.statusCode).toBe(200);
    const nearby = response.json<NearbyRestroom[]>();
    expect(nearby).toHaveLength(15);
    const distances = nearby.map((restroom) => restroom.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance) => Math.round(distance * 100) / 100 === distance)).toBe(true);
    expect(distances[0]).toBeLessThan(1);
    expect(nearby.every((restroom) => !restroom.is_removed)).toBe(true);
  });

  it('defaults to 20 results', async () => {
    const response = await get('/api/bathrooms/nearby?lat=44.97&lng=-93.26');
    expect(response.json()).toHaveLength(20);
  });

  it.each([
    ['lat=200&lng=-93.26', 'lat'],
    ['lat=44.9&lng=abc', 'lng'],
    ['lng=-93.26', 'lat'],
    ['lat=44.9&lng=-93.26&limit=0', 'limit'],
    ['lat=44.9&lng=-93.26&radius=3', 'radius'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await get(`/api/bathrooms/nearby?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field });
  });
});

describe('GET /api/bathrooms/:id', () => {
  it('answers a visible restroom with its live comments, newest first', async () => {
    const { db } = testApp().app;
    const [restroom] = (await get('/api/bathrooms')).json<Restroom[]>();
    if (restroom === undefined) throw new Error('no restrooms');
    const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const [older, newer, deleted] = [uuidv7(), uuidv7(), uuidv7()];
    await insertComment(db, { id: older, restroomId: restroom.id, userId: admin.id, content: 'First!', insertedAtMs: 1_000 });
    await insertComment(db, { id: newer, restroomId: restroom.id, userId: admin.id, content: 'Second.', insertedAtMs: 2_000 });
    await insertComment(db, { id: deleted, restroomId: restroom.id, userId: admin.id, content: 'Oops.', insertedAtMs: 3_000 });
    await softDeleteComment(db, deleted, 4_000);

    const response = await get(`/api/bathrooms/${restroom.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<RestroomDetail>();
    expect(detail).toMatchObject({ id: restroom.id, name: restroom.name });
    expect(detail.comments.map((comment) => comment.id)).toEqual([newer, older]);
    expect(detail.comments[0]).toEqual({
      id: newer,
      restroom_id: restroom.id,
      user_id: admin.id,
      username: 'admin',
      content: 'Second.',
      inserted_at: '1970-01-01T00:00:02.000Z',
    });
  });

  it('answers 404 for an unknown id and for a removed restroom', async () => {
    const unknown = await get(`/api/bathrooms/${uuidv7()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });

    const [restroom] = (await get('/api/bathrooms')).json<Restroom[]>();
    if (restroom === undefined) throw new Error('no restrooms');
    await updateRestroom(testApp().app.db, restroom.id, { is_removed: true }, Date.now());
    expect((await get(`/api/bathrooms/${restroom.id}`)).statusCode).toBe(404);
  });

  it('answers 400 naming id for a malformed id', async () => {
    const response = await get('/api/bathrooms/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id', message: 'id is not in the expected format.' });
  });
});
