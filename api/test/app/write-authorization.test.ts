import type { FeedbackResult } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { flagBody, insertRestroom, newRestroomBody, signInAdmin, signUp, write, type Person } from '../support/fixtures.js';
import { useTestApp } from '../support/helpers.js';

/*
 * Who may make each user write (docs/product-rules.md#roles-guest-user-admin): any signed-in person may post feedback, flags,
 * messages and new restrooms; only a comment's author or an admin may delete it, and only the person
 * or an admin may list the restrooms they added; a guest is told to log in first, before anything
 * about the request itself.
 */

const testApp = useTestApp();
let user: Person;
let otherUser: Person;
let admin: Person;
let restroomId: string;

beforeAll(async () => {
  const { app } = testApp();
  user = await signUp(app, 'Matrix User');
  otherUser = await signUp(app, 'Matrix Other');
  admin = await signInAdmin(app);
  restroomId = await insertRestroom(app.db);
});

type Role = 'guest' | 'user' | 'admin';
const personFor = (role: Role): Person | undefined => ({ guest: undefined, user, admin })[role];

const posts = [
  ['/api/feedback', () => ({ restroom_id: restroomId, upvote: 1, downvote: 0, comment: 'Fine.' })],
  ['/api/flags', () => flagBody(restroomId)],
  ['/api/contact', () => ({ details: 'Hello admins.' })],
  ['/api/bathrooms', () => newRestroomBody()],
] as const;

describe.each(posts)('POST %s', (url, payload) => {
  it.each([
    ['guest', 401],
    ['user', 201],
    ['admin', 201],
  ] as const)('as %s answers %i', async (role, status) => {
    const as = personFor(role);
    const response = await write(testApp().app, url, { payload: payload(), ...(as === undefined ? {} : { as }) });
    expect(response.statusCode).toBe(status);
  });

  it('tells a guest 401 before looking at the body or the key', async () => {
    const response = await write(testApp().app, url, { payload: { nonsense: true }, key: 'not-a-uuid' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'Log in first.' });
  });

  it('takes the writer from the session, never from the body', async () => {
    const response = await write(testApp().app, url, { as: user, payload: { ...payload(), user_id: otherUser.id } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'user_id' });
  });
});

describe('DELETE /api/comments/:id', () => {
  async function commentBy(author: Person): Promise<string> {
    const response = await write(testApp().app, '/api/feedback', {
      as: author,
      payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: `By ${author.id}` },
    });
    const id = response.json<FeedbackResult>().comment?.id;
    if (id === undefined) throw new Error(response.body);
    return id;
  }

  const deleters: Array<[string, () => Person | undefined, number]> = [
    ['its author', () => user, 204],
    ['another user', () => otherUser, 403],
    ['an admin', () => admin, 204],
    ['a guest', () => undefined, 401],
  ];
  it.each(deleters)('by %s answers %i', async (_who, deleter, status) => {
    const commentId = await commentBy(user);
    const as = deleter();
    const response = await write(testApp().app, `/api/comments/${commentId}`, { method: 'DELETE', ...(as === undefined ? {} : { as }) });
    expect(response.statusCode).toBe(status);
  });

  it('an admin may delete an admin’s comment, and a user may not', async () => {
    const commentId = await commentBy(admin);
    expect((await write(testApp().app, `/api/comments/${commentId}`, { method: 'DELETE', as: user })).statusCode).toBe(403);
    expect((await write(testApp().app, `/api/comments/${commentId}`, { method: 'DELETE', as: admin })).statusCode).toBe(204);
  });

  it('tells a guest 401 even for a malformed id', async () => {
    const response = await write(testApp().app, '/api/comments/nope', { method: 'DELETE' });
    expect(response.statusCode).toBe(401);
  });

  it('answers a signed-out session (cookie from before logout) with 401', async () => {
    const { app } = testApp();
    const leaver = await signUp(app, `Leaver ${uuidv7()}`);
    const commentId = await commentBy(leaver);
    await write(app, '/api/user/logout', { as: leaver });
    const response = await write(app, `/api/comments/${commentId}`, { method: 'DELETE', as: leaver });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/restrooms', () => {
  const viewers: Array<[string, () => Person | undefined, number]> = [
    ['that user', () => user, 200],
    ['another user', () => otherUser, 403],
    ['an admin', () => admin, 200],
    ['a guest', () => undefined, 401],
  ];
  it.each(viewers)('of a user, asked by %s, answers %i', async (_who, viewer, status) => {
    const as = viewer();
    const response = await testApp().app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/restrooms`,
      ...(as === undefined ? {} : { headers: { cookie: as.cookie } }),
    });
    expect(response.statusCode).toBe(status);
  });
});
