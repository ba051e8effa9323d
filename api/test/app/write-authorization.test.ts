import type { FeedbackResult } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { flagBody, insertRestroom, newRestroomBody, signInAdmin, signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { TEST_ADMIN, useTestApp } from '../support/helpers.js';

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

/*
 * The account's own routes (issue 40): every one is about the person asking, so a guest gets 401,
 * a user and an admin each act on their own account, and nobody reaches another person's: another
 * user's session is 404 (as none), another user's password is a wrong one.
 */
describe('the routes of one’s own account', () => {
  /** A fresh person with a session of their own, so a test may change or delete the account. */
  const freshPerson = () => signUp(testApp().app, `Matrix Own ${uuidv7()}`);
  const get = (url: string, as?: Person) => testApp().app.inject({ method: 'GET', url, ...(as === undefined ? {} : { headers: { cookie: as.cookie } }) });
  const sessionIdsOf = async (as: Person) => (await get('/api/user/sessions', as)).json<Array<{ id: string }>>().map((session) => session.id);

  it.each([
    ['GET /api/user/sessions', () => get('/api/user/sessions')],
    ['DELETE /api/user/sessions/:id', () => write(testApp().app, `/api/user/sessions/${'a'.repeat(32)}`, { method: 'DELETE' })],
    ['POST /api/user/sessions/end-others', () => write(testApp().app, '/api/user/sessions/end-others')],
    ['POST /api/user/password', () => write(testApp().app, '/api/user/password', { payload: { nonsense: true } })],
    ['GET /api/user/export', () => get('/api/user/export')],
    ['DELETE /api/user', () => write(testApp().app, '/api/user', { method: 'DELETE', payload: { nonsense: true } })],
    ['GET /api/user/second-factor', () => get('/api/user/second-factor')],
    ['POST /api/user/second-factor', () => write(testApp().app, '/api/user/second-factor', { payload: { nonsense: true } })],
    ['POST /api/user/second-factor/confirm', () => write(testApp().app, '/api/user/second-factor/confirm', { payload: { nonsense: true } })],
    ['POST /api/user/second-factor/recovery-codes', () => write(testApp().app, '/api/user/second-factor/recovery-codes', { payload: { nonsense: true } })],
    ['DELETE /api/user/second-factor', () => write(testApp().app, '/api/user/second-factor', { method: 'DELETE', payload: { nonsense: true } })],
  ])('%s tells a guest 401 before looking at the body', async (_route, send) => {
    const response = await send();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'access.loginRequired' });
  });

  it('sessions: a user and an admin each list and end only their own; another user’s session is 404', async () => {
    const owner = await freshPerson();
    const other = await freshPerson();
    const ownerSessions = await sessionIdsOf(owner);
    const otherSessions = await sessionIdsOf(other);
    const adminSessions = await sessionIdsOf(admin);
    expect(ownerSessions).toHaveLength(1);
    for (const id of ownerSessions) expect([...otherSessions, ...adminSessions]).not.toContain(id);

    const [ownerSession] = ownerSessions as [string];
    expect((await write(testApp().app, `/api/user/sessions/${ownerSession}`, { method: 'DELETE', as: other })).statusCode).toBe(404);
    expect((await write(testApp().app, `/api/user/sessions/${ownerSession}`, { method: 'DELETE', as: admin })).statusCode).toBe(404);
    expect((await get('/api/user', owner)).statusCode).toBe(200);
    expect((await write(testApp().app, '/api/user/sessions/end-others', { as: other })).statusCode).toBe(200);
    expect((await write(testApp().app, '/api/user/sessions/end-others', { as: admin })).statusCode).toBe(200);
    expect((await get('/api/user', owner)).statusCode).toBe(200);
  });

  it('password: each changes their own with their own password; another person’s password is wrong (400)', async () => {
    const owner = await freshPerson();
    const other = await freshPerson();
    const ownerName = (await get('/api/user', owner)).json<{ username: string }>().username;
    const otherName = (await get('/api/user', other)).json<{ username: string }>().username;
    const usingOwnersPassword = await write(testApp().app, '/api/user/password', { as: other, payload: { current_password: signUpPassword(ownerName), new_password: 'the other one’s new passphrase' } });
    expect(usingOwnersPassword.statusCode).toBe(400);
    expect(usingOwnersPassword.json()).toMatchObject({ field: 'current_password' });
    const own = await write(testApp().app, '/api/user/password', { as: other, payload: { current_password: signUpPassword(otherName), new_password: 'the other one’s new passphrase' } });
    expect(own.statusCode).toBe(200);
    const adminOwn = await write(testApp().app, '/api/user/password', { as: admin, payload: { current_password: TEST_ADMIN.password, new_password: TEST_ADMIN.password } });
    // The admin's own password checks out; the same one again is allowed (the policy is about the new password itself).
    expect(adminOwn.statusCode).toBe(200);
  });

  it('export: each downloads their own account, never another’s', async () => {
    const owner = await freshPerson();
    for (const [as, id] of [
      [owner, owner.id],
      [otherUser, otherUser.id],
      [admin, admin.id],
    ] as const) {
      const response = await get('/api/user/export', as);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ account: { id: string } }>().account.id).toBe(id);
    }
  });

  it('deletion: a user deletes their own with their password; another’s password is wrong; the only admin is refused', async () => {
    const owner = await freshPerson();
    const other = await freshPerson();
    const ownerName = (await get('/api/user', owner)).json<{ username: string }>().username;
    const otherName = (await get('/api/user', other)).json<{ username: string }>().username;
    expect((await write(testApp().app, '/api/user', { method: 'DELETE', as: other, payload: { password: signUpPassword(ownerName), comments: 'keep' } })).statusCode).toBe(400);
    expect((await write(testApp().app, '/api/user', { method: 'DELETE', as: other, payload: { password: signUpPassword(otherName), comments: 'keep' } })).statusCode).toBe(200);
    expect((await get('/api/user', owner)).statusCode).toBe(200);
    expect((await write(testApp().app, '/api/user', { method: 'DELETE', as: admin, payload: { password: TEST_ADMIN.password, comments: 'keep' } })).statusCode).toBe(409);
  });

  it('second factor: each reads and starts their own', async () => {
    for (const as of [await freshPerson(), admin]) {
      expect((await get('/api/user/second-factor', as)).statusCode).toBe(200);
    }
    const owner = await freshPerson();
    const ownerName = (await get('/api/user', owner)).json<{ username: string }>().username;
    expect((await write(testApp().app, '/api/user/second-factor', { as: otherUser, payload: { password: signUpPassword(ownerName) } })).statusCode).toBe(400);
    expect((await write(testApp().app, '/api/user/second-factor', { as: owner, payload: { password: signUpPassword(ownerName) } })).statusCode).toBe(200);
  });
});
