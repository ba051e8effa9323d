import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { HttpError, NetworkError } from '../api/api-client';
import { createMirrorWriter } from '../sync/mirror-writer';
import { readStashedDraft, stashDraft } from './draft-stash';
import { createSessionService } from './session';
import { makeComment, makeOutboxRow, makeRestroom, makeUser } from '@/test/fixtures';
import { fakeApiClient, putBucketRows, storedRestrooms } from '@/test/services';
import { compactRestroom } from '@allstall/shared';

let db: AllstallDb;
beforeEach(async () => {
  db = createDb(`session-test-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('session service', () => {
  it('remembers who the server says is signed in, and forgets them on a 401', async () => {
    const user = makeUser();
    let answer: typeof user | null = user;
    const session = createSessionService({ db, writer: createMirrorWriter({ db, channel: null }), api: fakeApiClient({ currentUser: async () => answer }) });

    await session.refresh();
    expect(await metaGet(db, 'user')).toEqual(user);

    answer = null;
    await session.refresh();
    expect(await metaGet(db, 'user')).toBeNull();
  });

  it('keeps the remembered person when the server cannot be reached', async () => {
    const user = makeUser();
    await metaSet(db, 'user', user);
    const session = createSessionService({
      db,
      writer: createMirrorWriter({ db, channel: null }),
      api: fakeApiClient({ currentUser: () => Promise.reject(new NetworkError(new TypeError())) }),
    });
    await session.refresh();
    expect(await metaGet(db, 'user')).toEqual(user);
  });

  it('forgets the person on log out even if the request fails', async () => {
    await metaSet(db, 'user', makeUser());
    const session = createSessionService({ db, writer: createMirrorWriter({ db, channel: null }), api: fakeApiClient({ logout: () => Promise.reject(new HttpError(500, null)) }) });
    await expect(session.logout()).rejects.toBeInstanceOf(HttpError);
    expect(await metaGet(db, 'user')).toBeNull();
  });

  it("removes the person's own data from the device on log out, and keeps the restrooms and other people's comments", async () => {
    const person = makeUser({ username: 'river', is_admin: true });
    const restroom = makeRestroom({ name: 'Central Library' });
    await putBucketRows(db, [compactRestroom(restroom)]);
    const theirs = makeComment({ restroom_id: restroom.id, user_id: person.id, username: 'river', content: 'Code is 4321.' });
    const someoneElses = makeComment({ restroom_id: restroom.id, content: 'Clean.' });
    await db.comments.bulkPut([theirs, someoneElses]);
    await metaSet(db, 'user', person);
    await metaSet(db, 'myVotes', { userId: person.id, votes: { [restroom.id]: 'up' } });
    await metaSet(db, 'myRestrooms', { userId: person.id, restrooms: [restroom] });
    await metaSet(db, 'myConfirmations', { userId: person.id, confirmedAt: { [restroom.id]: 1 } });
    await db.adminQueues.put({ name: 'contacts', userId: person.id, rows: [{ details: 'A message' }], fetchedAt: 1 });
    // Kept for their next login unless the logout dialog discarded it first: not the session's to drop.
    const queued = makeOutboxRow({ kind: 'contact', body: { details: 'Hello' } }, { userId: person.id });
    await db.outbox.add(queued);
    stashDraft(`feedback:${person.id}:${restroom.id}`, { comment: 'half-written' });
    const isAnything = (value: unknown): value is unknown => value !== null;

    let loggedOut = 0;
    const session = createSessionService({ db, writer: createMirrorWriter({ db, channel: null }), api: fakeApiClient({ logout: async () => void loggedOut++ }) });
    await session.logout();

    expect(loggedOut).toBe(1);
    expect(await metaGet(db, 'user')).toBeNull();
    expect(await db.meta.bulkGet(['myVotes', 'myRestrooms', 'myConfirmations'])).toEqual([undefined, undefined, undefined]);
    expect(await db.adminQueues.count()).toBe(0);
    expect((await db.comments.toArray()).map((comment) => comment.content)).toEqual(['Clean.']);
    expect(readStashedDraft(`feedback:${person.id}:${restroom.id}`, isAnything)).toBeNull();
    expect([...(await storedRestrooms(db)).values()].map((r) => r.name)).toEqual(['Central Library']);
    expect((await db.outbox.toArray()).map((row) => row.id)).toEqual([queued.id]);
  });
});
