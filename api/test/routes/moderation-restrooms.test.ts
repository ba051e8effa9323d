import type { PendingRestroom, Restroom, RestroomDecisionResult } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { TEST_ADMIN, useTestApp } from '../support/helpers.js';
import { addPendingRestroom, logEntriesFor, signUpAdmin } from '../support/moderation-fixtures.js';

const testApp = useTestApp();
let admin: Person;
let otherAdmin: Person;
let user: Person;

beforeAll(async () => {
  const { app } = testApp();
  admin = await signInAdmin(app);
  otherAdmin = await signUpAdmin(app, 'Robin');
  user = await signUp(app, 'Sam');
});

function decide(as: Person, id: string, payload: object, key?: string) {
  return write(testApp().app, `/api/bathrooms/${id}`, { method: 'PATCH', as, payload, ...(key === undefined ? {} : { key }) });
}

function remove(as: Person, id: string, key?: string) {
  return write(testApp().app, `/api/bathrooms/${id}`, { method: 'DELETE', as, ...(key === undefined ? {} : { key }) });
}

async function get<T>(url: string, as?: Person): Promise<T> {
  const response = await testApp().app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

const idsOf = (restrooms: ReadonlyArray<{ id: string }>) => restrooms.map((restroom) => restroom.id);

/** A visible restroom with a comment by `user` on it; returns both ids. */
async function restroomWithComment(): Promise<{ restroomId: string; commentId: string }> {
  const { app } = testApp();
  const restroomId = await insertRestroom(app.db);
  const response = await write(app, '/api/feedback', { as: user, payload: { restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Clean.' } });
  const commentId = response.json<{ comment: { id: string } }>().comment.id;
  return { restroomId, commentId };
}

describe('GET /api/bathrooms', () => {
  it('gives admins every restroom with all=1, pending, rejected and removed too; the public list stays visible-only', async () => {
    const { app } = testApp();
    const visible = await insertRestroom(app.db);
    const pending = await insertRestroom(app.db, { status: 'pending' });
    const rejected = await insertRestroom(app.db, { status: 'rejected' });
    const removed = await insertRestroom(app.db, { is_removed: 1 });

    const all = idsOf(await get<Restroom[]>('/api/bathrooms?all=1', admin));
    expect(all).toEqual(expect.arrayContaining([visible, pending, rejected, removed]));
    const publicList = idsOf(await get<Restroom[]>('/api/bathrooms'));
    expect(publicList).toContain(visible);
    expect(publicList).not.toContain(pending);
    expect(publicList).not.toContain(rejected);
    expect(publicList).not.toContain(removed);
  });

  it('filters by a piece of the name (any case) or of the id, taking % and _ literally', async () => {
    const { app } = testApp();
    const cafe = await insertRestroom(app.db, { name: 'Moonlight Café', status: 'pending' });
    const percent = await insertRestroom(app.db, { name: '100% Juice Bar' });
    const byName = idsOf(await get<Restroom[]>('/api/bathrooms?all=1&q=MOONLIGHT', admin));
    expect(byName).toEqual([cafe]);
    const byId = idsOf(await get<Restroom[]>(`/api/bathrooms?all=1&q=${cafe.slice(-12).toUpperCase()}`, admin));
    expect(byId).toEqual([cafe]);
    expect(idsOf(await get<Restroom[]>('/api/bathrooms?all=1&q=%25', admin))).toEqual([percent]);
    expect(idsOf(await get<Restroom[]>('/api/bathrooms?all=1&q=1_0', admin))).toEqual([]);
  });

  it('answers 400 naming q for a filter over 200 characters', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: `/api/bathrooms?all=1&q=${'x'.repeat(201)}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'q' });
  });
});

describe('GET /api/admin/pending', () => {
  it('lists restrooms awaiting approval oldest first, with who added them, when, amenities, hours and both comments', async () => {
    const { app } = testApp();
    const first = await addPendingRestroom(app, user, 'First Pending');
    const second = await addPendingRestroom(app, user, 'Second Pending');
    const approved = await addPendingRestroom(app, user, 'Approved Already');
    await decide(admin, approved, { status: 'approved' });

    const pending = await get<PendingRestroom[]>('/api/admin/pending', admin);
    const ids = idsOf(pending);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids).not.toContain(approved);
    expect(pending.find((restroom) => restroom.id === first)).toMatchObject({
      name: 'First Pending',
      street: '725 Vineland Place',
      city: 'Minneapolis',
      status: 'pending',
      username: 'Sam',
      created_at: expect.any(String),
      unisex: true,
      accessible: true,
      changing_table: true,
      is_single_stall: true,
      // The add form's legacy is_public false never meant "not public": unknown.
      access: null,
      hours: [
        { day: 2, open: 1100, close: 1700 },
        { day: 4, open: 1100, close: 2100 },
        { day: 6, open: 1000, close: 100 },
      ],
      admin_comment: 'The code is 4321; please keep it off the listing.',
      adder_comment: 'Gender-neutral rooms on the lower level.',
    });
  });
});

describe('PATCH /api/bathrooms/:id', () => {
  it('approving publishes the restroom and its adder’s comment to a device whose cursor predates it', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    const { cursor } = await pull(app);

    const response = await decide(admin, id, { status: 'approved' });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestroomDecisionResult>();
    expect(result.restroom).toMatchObject({ id, status: 'approved', is_removed: false });
    expect(Number(result.version)).toBeGreaterThan(Number(cursor));

    const page = await pull(app, cursor);
    expect(idsOf(page.restrooms)).toEqual([id]);
    expect(page.comments.map((comment) => [comment.restroom_id, comment.content])).toEqual([[id, 'Gender-neutral rooms on the lower level.']]);
    expect(idsOf(await get<Restroom[]>('/api/bathrooms'))).toContain(id);
    expect(idsOf(await get<PendingRestroom[]>('/api/admin/pending', admin))).not.toContain(id);
  });

  it('rejecting hides the restroom for good: out of the queue, listed under deleted, never public', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    const { cursor } = await pull(app);

    const response = await decide(admin, id, { status: 'rejected' });
    expect(response.statusCode).toBe(200);
    expect(response.json<RestroomDecisionResult>().restroom.status).toBe('rejected');
    const page = await pull(app, cursor);
    expect(page.deleted.restrooms).toEqual([id]);
    expect(page.restrooms).toEqual([]);
    expect(idsOf(await get<PendingRestroom[]>('/api/admin/pending', admin))).not.toContain(id);
    expect((await app.inject({ method: 'GET', url: `/api/bathrooms/${id}` })).statusCode).toBe(404);
  });

  it('removes a restroom from display and shows it again, its comments leaving and coming back with it', async () => {
    const { app } = testApp();
    const { restroomId, commentId } = await restroomWithComment();
    const { cursor } = await pull(app);

    expect((await decide(admin, restroomId, { is_removed: true })).statusCode).toBe(200);
    const afterRemoval = await pull(app, cursor);
    expect(afterRemoval.deleted).toEqual({ restrooms: [restroomId], comments: [commentId] });
    expect((await app.inject({ method: 'GET', url: `/api/bathrooms/${restroomId}` })).statusCode).toBe(404);
    expect((await get<Restroom[]>('/api/bathrooms?all=1', admin)).find((restroom) => restroom.id === restroomId)?.is_removed).toBe(true);

    const shown = await decide(admin, restroomId, { is_removed: false });
    expect(shown.json<RestroomDecisionResult>().restroom.is_removed).toBe(false);
    const afterShowing = await pull(app, afterRemoval.cursor);
    expect(idsOf(afterShowing.restrooms)).toEqual([restroomId]);
    expect(idsOf(afterShowing.comments)).toEqual([commentId]);
  });

  it('applies an edit, trimmed, and devices see it; the admin’s note stays with admins', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db, { name: 'Old Name' });
    const { cursor } = await pull(app);

    const response = await decide(admin, id, {
      name: '  New Name ',
      street: ' 2 Side St ',
      unisex: false,
      changing_table: true,
      access: 'customers',
      latitude: 44.95,
      longitude: -93.25,
      hours: [{ day: 1, open: 900, close: 1700 }],
      admin_comment: '  Ask at the desk. ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<RestroomDecisionResult>().restroom).toMatchObject({
      name: 'New Name',
      street: '2 Side St',
      unisex: false,
      changing_table: true,
      access: 'customers',
      latitude: 44.95,
      longitude: -93.25,
      hours: [{ day: 1, open: 900, close: 1700 }],
      admin_comment: 'Ask at the desk.',
      status: 'approved',
    });

    const [seen] = (await pull(app, cursor)).restrooms;
    expect(seen).toMatchObject({ id, name: 'New Name', street: '2 Side St', hours: [{ day: 1, open: 900, close: 1700 }] });
    expect(seen).not.toHaveProperty('admin_comment');

    // A blank note is no note; hours null means unknown.
    const cleared = await decide(admin, id, { admin_comment: '   ', hours: null });
    expect(cleared.json<RestroomDecisionResult>().restroom).toMatchObject({ admin_comment: null, hours: null });
  });

  it('lets an admin edit a pending restroom and approve it in one go', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user, 'Walker Art Centre');
    const response = await decide(admin, id, { name: 'Walker Art Center', admin_comment: null, status: 'approved' });
    expect(response.json<RestroomDecisionResult>().restroom).toMatchObject({ name: 'Walker Art Center', admin_comment: null, status: 'approved' });
    expect((await get<Restroom>(`/api/bathrooms/${id}`)).name).toBe('Walker Art Center');
  });

  it('answers 409 "Already handled by NAME." to a second admin deciding a restroom another admin decided', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    expect((await decide(otherAdmin, id, { status: 'approved' })).statusCode).toBe(200);

    for (const status of ['approved', 'rejected']) {
      const late = await decide(admin, id, { status, name: 'Not applied' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: 'Already handled by Robin.', field: 'status' });
    }
    expect((await get<Restroom>(`/api/bathrooms/${id}`)).name).toBe('Walker Art Center');

    // An edit alone is no verdict: always allowed.
    expect((await decide(admin, id, { name: 'Walker (lower level)' })).statusCode).toBe(200);
  });

  it('lets exactly one of two admins approving at the same moment win; the other hears who', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    const answers = await Promise.all([decide(admin, id, { status: 'approved' }), decide(otherAdmin, id, { status: 'rejected' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<RestroomDecisionResult>().restroom.status;
    const loser = answers.find((answer) => answer.statusCode === 409)?.json<{ message: string }>().message;
    expect(loser).toBe(winner === 'approved' ? 'Already handled by admin.' : 'Already handled by Robin.');
    expect((await logEntriesFor(app, id)).map((entry) => entry.action)).toEqual([winner === 'approved' ? 'restroom.approve' : 'restroom.reject']);
  });

  it('answers 409 naming who deleted the restroom, and 404 for one that never existed', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    expect((await remove(otherAdmin, id)).statusCode).toBe(204);

    const late = await decide(admin, id, { status: 'approved' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'Already handled by Robin.', field: 'id' });

    const unknown = await decide(admin, uuidv7(), { name: 'Nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ field: 'id' });
  });

  it('replays a repeated decision’s first answer, even after another admin decided since, and logs it once', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    const key = uuidv7();
    const first = await decide(admin, id, { status: 'approved' }, key);
    expect(first.statusCode).toBe(200);
    expect((await decide(otherAdmin, id, { is_removed: true })).statusCode).toBe(200);

    const again = await decide(admin, id, { status: 'approved' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await logEntriesFor(app, id)).map((entry) => entry.action)).toEqual(['restroom.approve', 'restroom.remove']);
  });

  it('logs each decision with its admin, action and the restroom before and after', async () => {
    const { app } = testApp();
    const id = await addPendingRestroom(app, user);
    const startedAt = Date.now();
    await decide(admin, id, { name: 'Walker', status: 'approved' });
    await decide(otherAdmin, id, { is_removed: true });
    await decide(admin, id, { is_removed: false });
    await decide(admin, id, { city: 'St. Paul' });

    const entries = await logEntriesFor(app, id);
    expect(entries.map((entry) => [entry.action, entry.entity, entry.actor_id])).toEqual([
      ['restroom.approve', 'restroom', admin.id],
      ['restroom.remove', 'restroom', otherAdmin.id],
      ['restroom.show', 'restroom', admin.id],
      ['restroom.edit', 'restroom', admin.id],
    ]);
    const [approval] = entries;
    expect(JSON.parse(approval?.before_json ?? 'null')).toMatchObject({ id, name: 'Walker Art Center', status: 'pending' });
    expect(JSON.parse(approval?.after_json ?? 'null')).toMatchObject({ id, name: 'Walker', status: 'approved' });
    expect(entries.every((entry) => entry.created_at >= startedAt)).toBe(true);
  });

  it.each([
    ['an unknown field', { upvotes: 99 }, 'upvotes'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a latitude without its longitude', { latitude: 44.9 }, 'longitude'],
    ['half a position', { latitude: null, longitude: -93.2 }, 'latitude'],
    ['a latitude off the globe', { latitude: 91, longitude: 0 }, 'latitude'],
    ['status pending', { status: 'pending' }, 'status'],
    ['is_removed as text', { is_removed: 'yes' }, 'is_removed'],
    ['hours that overlap', { hours: [{ day: 1, open: 900, close: 1700 }, { day: 1, open: 1000, close: 1100 }] }, 'hours'],
  ])('answers 400 for %s, naming %s, and changes nothing', async (_case, payload, field) => {
    const { app } = testApp();
    const id = await insertRestroom(app.db, { name: 'Unchanged' });
    const response = await decide(admin, id, { name: 'Changed', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.json<{ field: string }>().field).toMatch(new RegExp(`^${field}`));
    expect((await get<Restroom>(`/api/bathrooms/${id}`)).name).toBe('Unchanged');
    expect(await logEntriesFor(app, id)).toEqual([]);
  });

  it('answers 400 for an empty body', async () => {
    const id = await insertRestroom(testApp().app.db);
    const response = await decide(admin, id, {});
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/bathrooms/:id', () => {
  it('deletes the restroom for good; devices are told to drop it and its comments', async () => {
    const { app } = testApp();
    const { restroomId, commentId } = await restroomWithComment();
    const { cursor } = await pull(app);

    const response = await remove(admin, restroomId);
    expect(response.statusCode).toBe(204);
    expect(await app.db.selectFrom('restrooms').select('id').where('id', '=', restroomId).execute()).toEqual([]);
    const page = await pull(app, cursor);
    expect(page.deleted).toEqual({ restrooms: [restroomId], comments: [commentId] });
    expect(idsOf(await get<Restroom[]>('/api/bathrooms?all=1', admin))).not.toContain(restroomId);

    const [entry] = await logEntriesFor(app, restroomId);
    expect(entry).toMatchObject({ action: 'restroom.delete', entity: 'restroom', actor_id: admin.id, after_json: null });
    expect(JSON.parse(entry?.before_json ?? 'null')).toMatchObject({ id: restroomId, name: 'Test Cafe' });
  });

  it('answers a second admin’s delete with 409 naming the first, and replays a repeated delete', async () => {
    const { app } = testApp();
    const id = await insertRestroom(app.db);
    const key = uuidv7();
    expect((await remove(admin, id, key)).statusCode).toBe(204);

    const late = await remove(otherAdmin, id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: `Already handled by ${TEST_ADMIN.username}.` });

    const again = await remove(admin, id, key);
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await logEntriesFor(app, id)).map((entry) => entry.action)).toEqual(['restroom.delete']);
  });

  it('answers 404 naming id for a restroom that never existed', async () => {
    const response = await remove(admin, uuidv7());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});
