import type { SyncPage } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { readMeta } from '../../src/repositories/feed-versions.js';
import { deleteRestroom, insertComment, softDeleteComment, updateRestroom } from '../support/database-fixtures.js';
import { signInAdmin } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

const VISIBLE_DEMO_RESTROOMS = 606;
const testApp = useTestApp({ DEMO_DATA: '1' });

async function pull(query: string): Promise<SyncPage> {
  const response = await testApp().app.inject({ method: 'GET', url: `/api/sync${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<SyncPage>();
}

/** Pulls from `since` until `more` is false, as a device would. */
async function pullAll(since: string | undefined, limit: number) {
  const pages: SyncPage[] = [];
  let cursor = since;
  for (;;) {
    const page = await pull(`?limit=${limit}${cursor === undefined ? '' : `&since=${cursor}`}`);
    pages.push(page);
    cursor = page.cursor;
    if (!page.more) return { pages, cursor };
  }
}

async function anyVisibleRestroomId(): Promise<string> {
  const response = await testApp().app.inject({ method: 'GET', url: '/api/bathrooms' });
  const [first] = response.json<Array<{ id: string }>>();
  if (first === undefined) throw new Error('no visible restrooms');
  return first.id;
}

describe('GET /api/sync', () => {
  it('walks every visible demo restroom exactly once, in pages with rising cursors', async () => {
    const { pages } = await pullAll(undefined, 100);
    const ids = pages.flatMap((page) => page.restrooms.map((restroom) => restroom.id));
    expect(ids).toHaveLength(VISIBLE_DEMO_RESTROOMS);
    expect(new Set(ids).size).toBe(VISIBLE_DEMO_RESTROOMS);

    const cursors = pages.map((page) => Number(page.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(pages.every((page) => page.restrooms.length <= 100 && !page.reset)).toBe(true);
    expect(pages.at(-1)?.more).toBe(false);
    expect(pages.slice(0, -1).every((page) => page.more)).toBe(true);

    // Removed demo listings never arrive, not even as deletions: they were seeded below every visible
    // row's version, and only the opening page (no cursor) can reach that far back, skipping them.
    const restrooms = pages.flatMap((page) => page.restrooms);
    expect(restrooms.every((restroom) => !restroom.is_removed && restroom.status === 'approved')).toBe(true);
    expect(pages.every((page) => page.deleted.restrooms.length === 0 && page.deleted.comments.length === 0)).toBe(true);
    const removedRows = await testApp().app.db.selectFrom('restrooms').select('id').where('is_removed', '=', 1).execute();
    expect(removedRows).toHaveLength(162);
    expect(ids.some((id) => removedRows.some((row) => row.id === id))).toBe(false);
    // Hours travel with their restroom: known as a list, unknown as null, never an empty list.
    expect(restrooms.some((restroom) => Array.isArray(restroom.hours) && restroom.hours.length > 0)).toBe(true);
    expect(restrooms.some((restroom) => restroom.hours === null)).toBe(true);
    expect(restrooms.some((restroom) => Array.isArray(restroom.hours) && restroom.hours.length === 0)).toBe(false);
  });

  it('after the last cursor, sends only what changed since', async () => {
    const { cursor } = await pullAll(undefined, 1000);
    const quiet = await pull(`?since=${cursor}`);
    expect(quiet).toEqual({ cursor, more: false, reset: false, restrooms: [], comments: [], deleted: { restrooms: [], comments: [] } });

    const id = await anyVisibleRestroomId();
    expect(await updateRestroom(testApp().app.db, id, { name: 'Renamed Coffee' }, Date.now())).toBe(true);
    const next = await pull(`?since=${cursor}`);
    expect(next.restrooms.map((restroom) => [restroom.id, restroom.name])).toEqual([[id, 'Renamed Coffee']]);
    expect(next.deleted).toEqual({ restrooms: [], comments: [] });
    expect(Number(next.cursor)).toBeGreaterThan(Number(cursor));
    expect(next.more).toBe(false);
  });

  it('announces a restroom that was removed, and one deleted outright, under deleted.restrooms', async () => {
    const { db } = testApp().app;
    const start = (await pullAll(undefined, 1000)).cursor;
    const response = await testApp().app.inject({ method: 'GET', url: '/api/bathrooms' });
    const [removedId, deletedId] = response.json<Array<{ id: string }>>().map((restroom) => restroom.id);
    if (removedId === undefined || deletedId === undefined) throw new Error('need two restrooms');

    await updateRestroom(db, removedId, { is_removed: true }, Date.now());
    const afterRemoval = await pull(`?since=${start}`);
    expect(afterRemoval.restrooms).toEqual([]);
    expect(afterRemoval.deleted.restrooms).toEqual([removedId]);

    await deleteRestroom(db, deletedId, Date.now());
    const afterDeletion = await pull(`?since=${afterRemoval.cursor}`);
    expect(afterDeletion.deleted.restrooms).toEqual([deletedId]);
    expect(afterDeletion.restrooms).toEqual([]);

    // A fresh device hears of neither.
    const fresh = (await pullAll(undefined, 1000)).pages.flatMap((page) => page.restrooms.map((restroom) => restroom.id));
    expect(fresh).not.toContain(removedId);
    expect(fresh).not.toContain(deletedId);
  });

  it('sends new comments, and deleted ones under deleted.comments', async () => {
    const { db } = testApp().app;
    const start = (await pullAll(undefined, 1000)).cursor;
    const restroomId = await anyVisibleRestroomId();
    const admin = await db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow();
    const commentId = uuidv7();
    await insertComment(db, { id: commentId, restroomId, userId: admin.id, content: 'Clean and quiet.', insertedAtMs: Date.now() });

    const added = await pull(`?since=${start}`);
    expect(added.comments).toEqual([
      expect.objectContaining({ id: commentId, restroom_id: restroomId, username: 'admin', content: 'Clean and quiet.' }),
    ]);

    await softDeleteComment(db, commentId, Date.now());
    const removed = await pull(`?since=${added.cursor}`);
    expect(removed.comments).toEqual([]);
    expect(removed.deleted.comments).toEqual([commentId]);
  });

  it('tells a device to start over when its cursor predates the tombstone floor or the database', async () => {
    const { db } = testApp().app;
    const seq = await readMeta(db, 'seq');
    await db.updateTable('meta').set({ value: 5 }).where('key', '=', 'tombstone_floor').execute();
    try {
      const stale = await pull('?since=1&limit=10');
      expect(stale.reset).toBe(true);
      expect(stale.restrooms).toHaveLength(10);
      expect(stale.deleted).toEqual({ restrooms: [], comments: [] });
      expect(stale.more).toBe(true);

      const atFloor = await pull('?since=5&limit=10');
      expect(atFloor.reset).toBe(false);

      const fromTheFuture = await pull(`?since=${seq + 1000}&limit=10`);
      expect(fromTheFuture.reset).toBe(true);
      expect(fromTheFuture.restrooms).toHaveLength(10);
    } finally {
      await db.updateTable('meta').set({ value: 0 }).where('key', '=', 'tombstone_floor').execute();
    }
  });

  it('lets a CDN share a page for seconds, never a browser, since a page is the same whoever asks', async () => {
    const admin = await signInAdmin(testApp().app);
    const asGuest = await testApp().app.inject({ method: 'GET', url: '/api/sync?limit=50' });
    const asAdmin = await testApp().app.inject({ method: 'GET', url: '/api/sync?limit=50', headers: { cookie: admin.cookie } });
    expect(asAdmin.body).toBe(asGuest.body);
    for (const response of [asGuest, asAdmin]) {
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a malformed cursor or limit with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?since=abc', 'since'],
      ['?limit=0', 'limit'],
      ['?limit=9999', 'limit'],
      ['?cursor=1', 'cursor'],
    ] as const) {
      const response = await testApp().app.inject({ method: 'GET', url: `/api/sync${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});
