import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Restroom } from '@allstall/shared';
import { NetworkError } from '@/lib/api/api-client';
import { createDb, metaGet, metaSet, type AllstallDb } from '@/lib/db/db';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { refreshMyRestrooms } from './refresh-my-restrooms';

const user = makeUser();
let db: AllstallDb;
let dbCount = 0;

beforeEach(async () => {
  db = createDb(`refresh-my-restrooms-${++dbCount}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('refreshMyRestrooms', () => {
  it("takes the server's list, decisions and all, over the device's copy", async () => {
    const pending = makeRestroom({ status: 'pending' });
    const gone = makeRestroom({ status: 'pending' });
    await metaSet(db, 'myRestrooms', { userId: user.id, restrooms: [pending, gone] });
    const approved = { ...pending, status: 'approved' as const };
    await refreshMyRestrooms(db, { myRestrooms: async () => [approved] }, user.id);
    expect(await metaGet(db, 'myRestrooms')).toEqual({ userId: user.id, restrooms: [approved] });
  });

  it('keeps a receipt that arrived while the list was on its way', async () => {
    const arrived = makeRestroom({ status: 'pending' });
    const listed = makeRestroom({ status: 'approved' });
    const api = {
      myRestrooms: async (): Promise<Restroom[]> => {
        await metaSet(db, 'myRestrooms', { userId: user.id, restrooms: [arrived] });
        return [listed];
      },
    };
    await refreshMyRestrooms(db, api, user.id);
    expect(await metaGet(db, 'myRestrooms')).toEqual({ userId: user.id, restrooms: [listed, arrived] });
  });

  it('leaves the device copy alone when the server cannot be reached', async () => {
    const pending = makeRestroom({ status: 'pending' });
    await metaSet(db, 'myRestrooms', { userId: user.id, restrooms: [pending] });
    await refreshMyRestrooms(db, { myRestrooms: () => Promise.reject(new NetworkError(new TypeError('offline'))) }, user.id);
    expect(await metaGet(db, 'myRestrooms')).toEqual({ userId: user.id, restrooms: [pending] });
  });
});
