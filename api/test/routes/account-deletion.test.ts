import { apiErrorMessage, DELETED_USER_ID, DELETED_USER_NAME, usernameKey, type AccountDeletion, type SyncPage } from '@allstall/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { logIn, personWhoDidEverything, readAs, type EverythingDone } from '../support/account-fixtures.js';
import { pull, signInAdmin, write, type Person } from '../support/fixtures.js';
import { createTestApp, TEST_ADMIN, useTestApp } from '../support/helpers.js';

/*
 * Deleting one's own account (docs/privacy.md#deleting-your-account): deleted means gone. The walk
 * below reads the table list from the database itself, so a table added later is walked too.
 */

const testApp = useTestApp();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(testApp().app);
});

/** Every table of the app's schema, as the database lists them. */
async function tableNames(app: App): Promise<string[]> {
  const listed =
    testApp().config.database.kind === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(app.db);
  return listed.rows.map((row) => row.name).sort();
}

/** Each place (table.column) where a row still names the person: their id anywhere, their name as a value or a JSON string. */
async function rowsNaming(app: App, person: { id: string; username: string }): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(app)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(app.db);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = String(value);
        const names =
          text.toLowerCase().includes(person.id) || text === person.username || text === usernameKey(person.username) || text.includes(JSON.stringify(person.username));
        if (names) found.push(`${table}.${column}: ${text.slice(0, 120)}`);
      }
    }
  }
  return found;
}

function deleteOwnAccount(as: Person, payload: object) {
  return write(testApp().app, '/api/user', { method: 'DELETE', as, payload });
}

/** How many rows each table holds that name `userId` in its `user_id` column. */
async function rowsOf(app: App, userId: string) {
  const count = async (table: 'comments' | 'votes' | 'flags' | 'contact' | 'confirmations') =>
    (await app.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
  return { comments: await count('comments'), votes: await count('votes'), flags: await count('flags'), contact: await count('contact'), confirmations: await count('confirmations') };
}

describe('DELETE /api/user, keeping the comments', () => {
  let eve: EverythingDone;
  let bystander: EverythingDone;
  let cursor: string;
  let deletion: AccountDeletion;
  let clearedCookies: string[];
  let phone: Person;

  beforeAll(async () => {
    const { app } = testApp();
    eve = await personWhoDidEverything(app, 'Erasable Eve', admin);
    bystander = await personWhoDidEverything(app, 'Staying Sam', admin);
    phone = eve.person;
    // A device that mirrored everything before the deletion.
    cursor = (await pull(app)).cursor;
    const bystanderBefore = await rowsOf(app, bystander.person.id);
    expect(await rowsNaming(app, { id: eve.person.id, username: eve.username })).not.toEqual([]);

    const response = await deleteOwnAccount(eve.person, { password: eve.password, comments: 'keep' });
    expect(response.statusCode, response.body).toBe(200);
    deletion = response.json<AccountDeletion>();
    clearedCookies = response.cookies.filter((cookie) => cookie.value === '').map((cookie) => cookie.name);
    expect(await rowsOf(app, bystander.person.id)).toEqual(bystanderBefore);
  });

  // First: a login typed with the name after the deletion is a new row about that name, not theirs.
  it('leaves no row naming the person in any table (the moderation log keeps its entries, anonymised)', async () => {
    const { app } = testApp();
    const tables = await tableNames(app);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'comments', 'votes', 'flags', 'contact', 'moderation_log', 'applied_writes', 'auth_failures', 'second_factors', 'recovery_codes', 'confirmations']));
    expect(await rowsNaming(app, { id: eve.person.id, username: eve.username })).toEqual([]);
    const decisions = await app.db.selectFrom('moderation_log').select(['action', 'actor_id', 'entity_id']).where('entity_id', 'in', [eve.addedRestroomId, eve.decidedRestroomId, DELETED_USER_ID]).execute();
    expect(decisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'restroom.approve', entity_id: eve.decidedRestroomId, actor_id: null }),
        expect.objectContaining({ action: 'user.promote', entity_id: DELETED_USER_ID }),
      ]),
    );
  });

  it('answers what went, and signs every device of the person out', async () => {
    expect(deletion).toMatchObject({ id: eve.person.id, votes_removed: 2, comments_kept: 2, comments_removed: 0, restrooms_uncredited: 1 });
    expect(deletion.sessions_ended).toBeGreaterThanOrEqual(1);
    // This browser forgets the session and that it was a known device of the account.
    expect(clearedCookies.sort()).toEqual(['allstall_device', 'allstall_sid']);
    expect((await readAs(testApp().app, '/api/user', phone)).statusCode).toBe(401);
    expect((await logIn(testApp().app, { username: eve.username, password: eve.password })).json()).toMatchObject({ code: 'auth.loginFailed' });
  });

  it('leaves another person’s rows as they were, the friend’s comment on the person’s restroom too', async () => {
    const { app } = testApp();
    expect(await rowsNaming(app, { id: bystander.person.id, username: bystander.username })).not.toEqual([]);
    expect((await readAs(app, '/api/user', bystander.person)).statusCode).toBe(200);
    const friendComment = await app.db.selectFrom('comments').select('user_id').where('id', '=', eve.friendCommentId).executeTakeFirst();
    expect(friendComment?.user_id).toBe(eve.friend.id);
  });

  it('carries it to another device through the change feed: the comment under "Deleted user", the restroom credited to nobody, the thumbs withdrawn', async () => {
    const page = await pull(testApp().app, cursor);
    expect(page.comments).toEqual(expect.arrayContaining([expect.objectContaining({ id: eve.liveCommentId, user_id: DELETED_USER_ID, username: DELETED_USER_NAME })]));
    const added = page.restrooms.find((restroom) => restroom.id === eve.addedRestroomId);
    expect(added).toMatchObject({ username: null });
    const [liked, disliked] = eve.votedRestroomIds as [string, string];
    expect(page.restrooms.find((restroom) => restroom.id === liked)).toMatchObject({ upvotes: 0, downvotes: 0 });
    expect(page.restrooms.find((restroom) => restroom.id === disliked)).toMatchObject({ upvotes: 0, downvotes: 0 });
    // The comment its author had deleted before is now gone outright.
    expect(page.deleted.comments).toContain(eve.deletedCommentId);
  });

  it('shows the kept comment under "Deleted user" to a device starting now', async () => {
    const { app } = testApp();
    const everything = await pull(app);
    expect(everything.comments.find((comment) => comment.id === eve.liveCommentId)).toMatchObject({ username: DELETED_USER_NAME, content: 'Clean, says Erasable Eve.' });
    const detail = await app.inject({ method: 'GET', url: `/api/bathrooms/${eve.votedRestroomIds[0]}` });
    expect(detail.json<{ comments: Array<{ username: string }> }>().comments.map((comment) => comment.username)).toContain(DELETED_USER_NAME);
  });

  it('keeps "Deleted user" out of the admin’s list of people', async () => {
    const users = await readAs(testApp().app, '/api/users', admin);
    expect(users.json<Array<{ id: string }>>().map((user) => user.id)).not.toContain(DELETED_USER_ID);
  });
});

describe('DELETE /api/user, deleting the comments', () => {
  it('takes the comments with it: the feed tells devices to drop them, and no row names the person', async () => {
    const { app } = testApp();
    const zed = await personWhoDidEverything(app, 'Zed Vanishes', admin);
    const cursor = (await pull(app)).cursor;
    const response = await deleteOwnAccount(zed.person, { password: zed.password, comments: 'delete' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ comments_kept: 0, comments_removed: 2 });

    const page: SyncPage = await pull(app, cursor);
    expect(page.deleted.comments).toEqual(expect.arrayContaining([zed.liveCommentId, zed.deletedCommentId]));
    expect(page.comments.map((comment) => comment.id)).not.toContain(zed.liveCommentId);
    expect(await rowsNaming(app, { id: zed.person.id, username: zed.username })).toEqual([]);
    expect(await app.db.selectFrom('comments').select('id').where('id', '=', zed.friendCommentId).executeTakeFirst()).toBeDefined();
  });
});

describe('DELETE /api/user refusals', () => {
  it('refuses a wrong password with 400 naming password, and keeps the account', async () => {
    const { app } = testApp();
    const person = await personWhoDidEverything(app, 'Wrong Wanda', admin);
    const response = await deleteOwnAccount(person.person, { password: 'not her password at all', comments: 'keep' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'password', code: 'auth.wrongPassword' });
    expect((await readAs(app, '/api/user', person.person)).statusCode).toBe(200);
  });

  it.each([
    ['no choice for the comments', (password: string) => ({ password }), 'comments'],
    ['a choice that is not one', (password: string) => ({ password, comments: 'hide' }), 'comments'],
    ['no password', () => ({ comments: 'keep' }), 'password'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const response = await deleteOwnAccount(admin, payload(TEST_ADMIN.password));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('refuses the last admin (409, as for demotion) and changes nothing', async () => {
    // An app of its own: the people above were made admins.
    const { app, close } = await createTestApp();
    try {
      const onlyAdmin = await signInAdmin(app);
      const response = await write(app, '/api/user', { method: 'DELETE', as: onlyAdmin, payload: { password: TEST_ADMIN.password, comments: 'delete' } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'users.lastAdminDelete', message: apiErrorMessage('users.lastAdminDelete') });
      expect((await readAs(app, '/api/user', onlyAdmin)).statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('tells a guest to log in', async () => {
    expect((await write(testApp().app, '/api/user', { method: 'DELETE', payload: { password: 'x', comments: 'keep' } })).statusCode).toBe(401);
  });
});
