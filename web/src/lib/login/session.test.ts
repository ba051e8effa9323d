import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { HttpError, NetworkError } from '../api/api-client';
import { createSessionService } from './session';
import { makeUser } from '@/test/fixtures';
import { fakeApiClient } from '@/test/services';

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
    const session = createSessionService({ db, api: fakeApiClient({ currentUser: async () => answer }) });

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
      api: fakeApiClient({ currentUser: () => Promise.reject(new NetworkError(new TypeError())) }),
    });
    await session.refresh();
    expect(await metaGet(db, 'user')).toEqual(user);
  });

  it('forgets the person on log out even if the request fails', async () => {
    await metaSet(db, 'user', makeUser());
    const session = createSessionService({ db, api: fakeApiClient({ logout: () => Promise.reject(new HttpError(500, null)) }) });
    await expect(session.logout()).rejects.toBeInstanceOf(HttpError);
    expect(await metaGet(db, 'user')).toBeNull();
  });
});
