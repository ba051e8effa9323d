import {
  apiErrorMessage,
  type FeedbackResult,
  type User,
  type UserDeletion,
} from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { insertRestroom, pull, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { sessionCookieFrom, useTestApp, WRITE_HEADERS } from '../support/helpers.js';
import { logEntriesFor, signUpAdmin } from '../support/moderation-fixtures.js';

/*
 * The admin Users tab (docs/product-rules.md#admin-screens, issue 5): the list, making and unmaking admins,
 * and deleting an account with everything that hangs off it. The last admin can be neither demoted
 * nor deleted, whoever asks.
 */

const testApp = useTestApp();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(testApp().app);
});

function getAs(app: App, url: string, as?: Person) {
  return app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
}

async function listUsers(): Promise<User[]> {
  const response = await getAs(testApp().app, '/api/users', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<User[]>();
}

function setAdmin(userId: string, isAdmin: boolean, as: Person = admin, key?: string) {
  return write(testApp().app, `/api/users/${userId}`, { method: 'PATCH', as, payload: { is_admin: isAdmin }, ...(key === undefined ? {} : { key }) });
}

function deleteUser(userId: string, as: Person = admin, key?: string) {
  return write(testApp().app, `/api/users/${userId}`, { method: 'DELETE', as, ...(key === undefined ? {} : { key }) });
}

/** Leaves the test admin as the only admin, whatever earlier tests promoted. */
async function onlyTheTestAdminIsAdmin(): Promise<void> {
  await testApp().app.db.updateTable('users').set({ is_admin: 0 }).where('id', '!=', admin.id).execute();
}

const uniqueName = (stem: string) => `${stem} ${uuidv7().slice(-8)}`;

describe('GET /api/users', () => {
  it('lists every account, oldest first, as {id, username, is_admin, inserted_at} and never a hash', async () => {
    const { app } = testApp();
    const sam = await signUp(app, uniqueName('Sam'));
    const users = await listUsers();

    expect(users[0]).toMatchObject({ id: admin.id, username: 'admin', is_admin: true });
    const samRow = users.find((user) => user.id === sam.id);
    expect(samRow).toMatchObject({ is_admin: false });
    expect(Date.parse(samRow?.inserted_at ?? '')).not.toBeNaN();
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['id', 'inserted_at', 'is_admin', 'username']);
    expect(JSON.stringify(users)).not.toMatch(/argon2|password|username_key/);
    const joined = users.map((user) => Date.parse(user.inserted_at));
    expect(joined).toEqual([...joined].sort((a, b) => a - b));
  });
});

describe('PATCH /api/users/:id', () => {
  it('makes a person an admin: they can open the admin lists at once, and the decision is logged', async () => {
    const { app } = testApp();
    const riley = await signUp(app, uniqueName('Riley'));
    expect((await getAs(app, '/api/users', riley)).statusCode).toBe(403);

    const response = await setAdmin(riley.id, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: riley.id, is_admin: true });
    expect((await getAs(app, '/api/user', riley)).json()).toMatchObject({ is_admin: true });
    expect((await getAs(app, '/api/users', riley)).statusCode).toBe(200);
    expect((await listUsers()).find((user) => user.id === riley.id)?.is_admin).toBe(true);

    const [entry] = await logEntriesFor(app, riley.id);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'user.promote', entity: 'user', entity_id: riley.id });
    expect(JSON.parse(entry?.before_json ?? 'null')).toMatchObject({ is_admin: false });
    expect(JSON.parse(entry?.after_json ?? 'null')).toMatchObject({ is_admin: true });
  });

  it('unmakes an admin: the admin lists are closed to them again', async () => {
    const { app } = testApp();
    const kim = await signUpAdmin(app, uniqueName('Kim'));
    expect((await getAs(app, '/api/users', kim)).statusCode).toBe(200);

    const response = await setAdmin(kim.id, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: kim.id, is_admin: false });
    expect((await getAs(app, '/api/users', kim)).statusCode).toBe(403);
    expect((await logEntriesFor(app, kim.id)).map((entry) => entry.action)).toEqual(['user.demote']);
  });

  it('asking for the role someone already has changes and logs nothing', async () => {
    const { app } = testApp();
    const lee = await signUp(app, uniqueName('Lee'));
    const response = await setAdmin(lee.id, false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: lee.id, is_admin: false });
    expect(await logEntriesFor(app, lee.id)).toEqual([]);
  });

  it('answers 400 naming is_admin for a body that is not a yes/no, and 404 for nobody', async () => {
    const { app } = testApp();
    const lee = await signUp(app, uniqueName('Lee'));
    const bad = await write(app, `/api/users/${lee.id}`, { method: 'PATCH', as: admin, payload: { is_admin: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'is_admin' });
    const nobody = await setAdmin(uuidv7(), true);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ message: 'No such user.', field: 'id' });
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const { app } = testApp();
    const ash = await signUp(app, uniqueName('Ash'));
    const key = uuidv7();
    const first = await setAdmin(ash.id, true, admin, key);
    // Changed back meanwhile: a repeat must not promote again, only answer as the first time.
    await setAdmin(ash.id, false);
    const again = await setAdmin(ash.id, true, admin, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await listUsers()).find((user) => user.id === ash.id)?.is_admin).toBe(false);
  });
});

describe('the last admin', () => {
  it('cannot be demoted, by themselves or anyone (409 naming is_admin)', async () => {
    await onlyTheTestAdminIsAdmin();
    const response = await setAdmin(admin.id, false);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, message: apiErrorMessage('users.lastAdminDemote'), field: 'is_admin' });
    expect((await listUsers()).find((user) => user.id === admin.id)?.is_admin).toBe(true);
  });

  it('cannot be deleted (409 naming id)', async () => {
    await onlyTheTestAdminIsAdmin();
    const response = await deleteUser(admin.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, message: apiErrorMessage('users.lastAdminDelete'), field: 'id' });
    expect((await getAs(testApp().app, '/api/user', admin)).statusCode).toBe(200);
  });

  it('may step down or delete themselves while another admin remains', async () => {
    const { app } = testApp();
    await onlyTheTestAdminIsAdmin();
    const jo = await signUpAdmin(app, uniqueName('Jo'));
    const stepDown = await setAdmin(jo.id, false, jo);
    expect(stepDown.statusCode, stepDown.body).toBe(200);

    const pat = await signUpAdmin(app, uniqueName('Pat'));
    const leave = await deleteUser(pat.id, pat);
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await getAs(app, '/api/user', pat)).statusCode).toBe(401);
    // Now the test admin is the last one again.
    expect((await deleteUser(admin.id)).statusCode).toBe(409);
  });

  it('survives two admins demoting each other at the same moment: one wins, the other is refused', async () => {
    const { app } = testApp();
    await onlyTheTestAdminIsAdmin();
    const max = await signUpAdmin(app, uniqueName('Max'));

    const answers = await Promise.all([setAdmin(max.id, false, admin), setAdmin(admin.id, false, max)]);
    // The loser is either refused as no longer an admin (403) or told it would leave no admin (409).
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await app.db.selectFrom('users').select('id').where('is_admin', '=', 1).where('deleted_at', 'is', null).execute();
    expect(admins).toHaveLength(1);
    await app.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
  });
});

describe('DELETE /api/users/:id', () => {
  it('signs the person out everywhere, takes back their thumbs and comments, and keeps what they added', async () => {
    const { app } = testApp();
    const username = uniqueName('Dana');
    const dana = await signUp(app, username);
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: WRITE_HEADERS,
      payload: { username, password: `${username} has a long passphrase` },
    });
    const secondDevice = { id: dana.id, cookie: sessionCookieFrom(login) ?? '' };
    expect((await getAs(app, '/api/user', secondDevice)).statusCode).toBe(200);

    const liked = await insertRestroom(app.db, { name: 'Liked', upvotes: 4, downvotes: 1 });
    const disliked = await insertRestroom(app.db, { name: 'Disliked', upvotes: 2, downvotes: 3 });
    const added = await insertRestroom(app.db, { name: 'Added by Dana' });
    await app.db.updateTable('restrooms').set({ added_by: dana.id, source: 'user', source_id: null }).where('id', '=', added).execute();
    const feedback = async (restroomId: string, thumbs: { upvote: 0 | 1; downvote: 0 | 1 }, comment: string) => {
      const response = await write(app, '/api/feedback', { as: dana, payload: { restroom_id: restroomId, ...thumbs, comment } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<FeedbackResult>().comment?.id ?? '';
    };
    const likedComment = await feedback(liked, { upvote: 1, downvote: 0 }, 'Spotless.');
    const dislikedComment = await feedback(disliked, { upvote: 0, downvote: 1 }, 'No soap.');
    const cursor = (await pull(app)).cursor;

    const response = await deleteUser(dana.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDeletion>()).toMatchObject({
      id: dana.id,
      username,
      sessions_ended: 2,
      votes_removed: 2,
      comments_removed: 2,
    });

    // Signed out on both devices at once, and the account no longer opens or registers again.
    for (const device of [dana, secondDevice]) {
      expect((await getAs(app, '/api/user', device)).statusCode).toBe(401);
      const writeAttempt = await write(app, '/api/contact', { as: device, payload: { details: 'Still here?' } });
      expect(writeAttempt.statusCode).toBe(401);
    }
    const relogin = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: WRITE_HEADERS,
      payload: { username, password: `${username} has a long passphrase` },
    });
    expect(relogin.statusCode).toBe(401);
    expect((await listUsers()).some((user) => user.id === dana.id)).toBe(false);

    // Every device learns the restored counts and drops the comments on its next pull.
    const next = await pull(app, cursor);
    const counts = Object.fromEntries(next.restrooms.map((restroom) => [restroom.id, [restroom.upvotes, restroom.downvotes]]));
    expect(counts[liked]).toEqual([4, 1]);
    expect(counts[disliked]).toEqual([2, 3]);
    expect(next.deleted.comments.sort()).toEqual([likedComment, dislikedComment].sort());
    expect(next.comments).toEqual([]);
    const detail = await getAs(app, `/api/bathrooms/${liked}`);
    expect(detail.json()).toMatchObject({ upvotes: 4, downvotes: 1, comments: [] });

    // What they added stays listed.
    const stays = await getAs(app, `/api/bathrooms/${added}`);
    expect(stays.statusCode).toBe(200);
    expect(stays.json()).toMatchObject({ id: added, name: 'Added by Dana' });
    expect(next.deleted.restrooms).not.toContain(added);

    const [entry] = await logEntriesFor(app, dana.id);
    expect(entry).toMatchObject({ actor_id: admin.id, action: 'user.delete', entity: 'user' });
    expect(JSON.parse(entry?.before_json ?? 'null')).toMatchObject({
      username,
      votes: expect.arrayContaining([{ restroom_id: liked, vote: 1 }, { restroom_id: disliked, vote: -1 }]),
    });
  });

  it('keeps the username taken, so nobody can pass as the deleted person', async () => {
    const { app } = testApp();
    const username = uniqueName('Quinn');
    const quinn = await signUp(app, username);
    expect((await deleteUser(quinn.id)).statusCode).toBe(200);
    const again = await write(app, '/api/user/register', { payload: { username, password: `${username} has a long passphrase` } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'username' });
  });

  it('tells the second of two admins deleting the same person who already did it', async () => {
    const { app } = testApp();
    const other = await signUpAdmin(app, uniqueName('Robin'));
    const otherName = (await getAs(app, '/api/user', other)).json<User>().username;
    const target = await signUp(app, uniqueName('Target'));

    expect((await deleteUser(target.id, other)).statusCode).toBe(200);
    const late = await deleteUser(target.id, admin);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ statusCode: 409, message: `Already handled by ${otherName}.`, field: 'id' });
    // Changing the role of a deleted account gets the same answer.
    const promote = await setAdmin(target.id, true);
    expect(promote.statusCode).toBe(409);
    expect(promote.json()).toMatchObject({ message: `Already handled by ${otherName}.` });
    expect((await logEntriesFor(app, target.id)).map((entry) => entry.action)).toEqual(['user.delete']);
    await setAdmin(other.id, false);
  });

  it('replays the first answer for a repeated Idempotency-Key instead of calling it handled', async () => {
    const { app } = testApp();
    const target = await signUp(app, uniqueName('Replay'));
    const key = uuidv7();
    const first = await deleteUser(target.id, admin, key);
    expect(first.statusCode).toBe(200);
    const again = await deleteUser(target.id, admin, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('answers 404 for nobody and 400 naming id for something that is not an id', async () => {
    const nobody = await deleteUser(uuidv7());
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ message: 'No such user.', field: 'id' });
    const bad = await deleteUser('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'id' });
  });
});
