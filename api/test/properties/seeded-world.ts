import { usernameKey, type FeedbackResult, type User } from '@allstall/shared';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll } from 'vitest';
import type { App } from '../../src/app.js';
import { saveSession, type StoredSession } from '../../src/repositories/sessions.js';
import { findUserById, insertUser } from '../../src/repositories/users.js';
import { insertRestroom, signInAdmin, signUp, signUpPassword, write, type Person } from '../support/fixtures.js';
import { sessionIdFromCookie, TEST_ADMIN, type TestApp } from '../support/helpers.js';
import { addPendingRestroom, raiseFlag, sendContact, signUpAdmin } from '../support/moderation-fixtures.js';

/** A signed-in account, with the credentials that open it (so generated logins can name them) and its session. */
interface Account extends Person {
  username: string;
  password: string;
  session: StoredSession;
}

/**
 * The people and rows generated requests point at (through placeholders such as `{{flag}}`), so
 * that ids in URLs and bodies sometimes hit a real row: a user, an admin, a member for the admins
 * to promote and delete, a visible restroom, one waiting for review, the user's live comment on the
 * visible one, an open flag and an unresolved message to the admins.
 */
export interface SeededWorld {
  app: App;
  user: Account;
  admin: Account;
  /** An account nobody is signed in as: replacing it after a deletion costs no password hash. */
  memberId: string;
  restroomId: string;
  /** A restroom the user added, waiting for an admin's verdict. */
  pendingId: string;
  commentId: string;
  flagId: string;
  contactId: string;
}

/** Seeds the world once for the test file, on the file's app. */
export function useSeededWorld(testApp: () => TestApp): () => SeededWorld {
  let world: SeededWorld | undefined;
  beforeAll(async () => {
    const { app } = testApp();
    const admin = await signedIn(app, await signInAdmin(app), TEST_ADMIN);
    const user = await newUser(app);
    const restroomId = await insertRestroom(app.db);
    world = {
      app,
      user,
      admin,
      memberId: await newMember(app),
      restroomId,
      pendingId: await addPendingRestroom(app, user),
      commentId: await leaveComment(app, user, restroomId),
      flagId: await raiseFlag(app, user, restroomId),
      contactId: await sendContact(app, user),
    };
  });
  return () => {
    if (world === undefined) throw new Error('the seeded world is not ready yet');
    return world;
  };
}

/**
 * After an accepted write, puts back what it used up (a session logged out, an account deleted or
 * promoted, a restroom removed or judged, a comment deleted, a flag or message decided), so
 * later requests can still hit real rows and be accepted.
 */
export async function replenishWorld(world: SeededWorld): Promise<void> {
  const { app, user, restroomId } = world;
  const still = await whatStillHolds(world);
  if (!still.userWorks) world.user = await signedInAgain(app, world.user, false);
  if (!still.adminWorks) world.admin = await signedInAgain(app, world.admin, true);
  if (!still.memberLive) world.memberId = await newMember(app);
  if (!still.restroomVisible) world.restroomId = await insertRestroom(app.db);
  if (!still.pendingWaits) world.pendingId = await addPendingRestroom(app, world.user);
  // The comment must be the user's, on the restroom: a new user or restroom needs a new one.
  if (!still.commentLive || world.user !== user || world.restroomId !== restroomId) {
    world.commentId = await leaveComment(app, world.user, world.restroomId);
  }
  if (!still.flagOpen) world.flagId = await raiseFlag(app, world.user, world.restroomId);
  if (!still.contactOpen) world.contactId = await sendContact(app, world.user);
}

/** Whether each seeded person and row is still as requests expect; these only read, so they run side by side. */
async function whatStillHolds(world: SeededWorld) {
  const { app } = world;
  const { db } = app;
  const [userWorks, adminWorks, memberLive, restroomVisible, pendingWaits, commentLive, flagOpen, contactOpen] = await Promise.all([
    accountWorks(app, world.user, false),
    accountWorks(app, world.admin, true),
    findUserById(db, world.memberId).then((member) => member !== undefined && !member.is_admin),
    app.inject({ method: 'GET', url: `/api/bathrooms/${world.restroomId}` }).then((response) => response.statusCode === 200),
    db.selectFrom('restrooms').select('status').where('id', '=', world.pendingId).executeTakeFirst().then((row) => row?.status === 'pending'),
    db
      .selectFrom('comments')
      .select('id')
      .where('id', '=', world.commentId)
      .where('user_id', '=', world.user.id)
      .where('restroom_id', '=', world.restroomId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
      .then((row) => row !== undefined),
    db.selectFrom('flags').select('status').where('id', '=', world.flagId).executeTakeFirst().then((row) => row?.status === 'open'),
    db.selectFrom('contact').select('resolved').where('id', '=', world.contactId).executeTakeFirst().then((row) => row?.resolved === 0),
  ]);
  return { userWorks, adminWorks, memberLive, restroomVisible, pendingWaits, commentLive, flagOpen, contactOpen };
}

/**
 * An account that no longer works as it did. Logged out (or its session replaced by a later
 * login), it gets its session back, as if it had logged in again without paying for another argon2
 * hash; deleted, promoted or demoted, a new account takes its place.
 */
async function signedInAgain(app: App, account: Account, isAdmin: boolean): Promise<Account> {
  if ((await findUserById(app.db, account.id))?.is_admin !== isAdmin) return isAdmin ? newAdmin(app) : newUser(app);
  await saveSession(app.db, sessionIdFromCookie(account.cookie), account.session);
  return account;
}

async function accountWorks(app: App, account: Account, isAdmin: boolean): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: account.cookie } });
  return response.statusCode === 200 && response.json<User>().is_admin === isAdmin;
}

async function newUser(app: App): Promise<Account> {
  const username = `prop-user-${uuidv7()}`;
  return signedIn(app, await signUp(app, username), { username, password: signUpPassword(username) });
}

async function newAdmin(app: App): Promise<Account> {
  const username = `prop-admin-${uuidv7()}`;
  return signedIn(app, await signUpAdmin(app, username), { username, password: signUpPassword(username) });
}

async function signedIn(app: App, person: Person, credentials: { username: string; password: string }): Promise<Account> {
  const row = await app.db
    .selectFrom('sessions')
    .select(['data', 'expires_at', 'user_id', 'user_agent', 'created_at'])
    .where('id', '=', sessionIdFromCookie(person.cookie))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers bigint columns as strings.
  const session = { data: row.data, expiresAtMs: Number(row.expires_at), userId: row.user_id, userAgent: row.user_agent, savedAtMs: Number(row.created_at) };
  return { ...person, ...credentials, session };
}

async function newMember(app: App): Promise<string> {
  const username = `prop-member-${uuidv7()}`;
  const member = await insertUser(app.db, {
    id: uuidv7(),
    username,
    usernameKey: usernameKey(username),
    // Not an argon2 hash, so no password opens the account; nothing here logs in as it.
    passwordHash: 'no password opens this account',
    isAdmin: false,
    insertedAtMs: Date.now(),
  });
  if (member === undefined) throw new Error('could not add a member');
  return member.id;
}

async function leaveComment(app: App, author: Person, restroomId: string): Promise<string> {
  const response = await write(app, '/api/feedback', {
    as: author,
    payload: { restroom_id: restroomId, upvote: 0, downvote: 0, comment: 'Clean, and the lock works.' },
  });
  const id = response.statusCode === 201 ? response.json<FeedbackResult>().comment?.id : undefined;
  if (id === undefined) throw new Error(`could not leave a comment: ${response.body}`);
  return id;
}
