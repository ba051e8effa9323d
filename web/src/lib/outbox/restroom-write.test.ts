import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteRequest } from '../api/api-client';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { idleTimers } from '@/test/clock';
import { makeNewRestroomBody, makeRestroom, makeUser, testId } from '@/test/fixtures';
import { createOutbox } from './outbox';

const user = makeUser({ id: testId(700) });
const body = makeNewRestroomBody(
  { placeID: 'osm:N42', accessible: true, single_stall: true, comment: 'Ask at the desk.' },
  [{ day: 1, open: 900, close: 1700 }],
);

let db: AllstallDb;
let dbCount = 0;

beforeEach(async () => {
  db = createDb(`restroom-write-test-${++dbCount}`);
  await db.open();
  await metaSet(db, 'user', user);
});
afterEach(async () => {
  await db.delete();
});

function outboxAnswering(answer: unknown) {
  const requests: WriteRequest[] = [];
  const onPublicChange = vi.fn();
  const api = {
    sendWrite: async (request: WriteRequest) => {
      requests.push(request);
      return answer;
    },
  };
  const clock = { ...idleTimers, now: () => 1_800_000_000_000 };
  return { requests, onPublicChange, outbox: createOutbox({ db, api, clock, onPublicChange }) };
}

describe("the 'restroom' write", () => {
  it('is sent once to POST /api/bathrooms, the new restroom taking the write id as its own', async () => {
    const { outbox, requests } = outboxAnswering(null);
    const row = await outbox.enqueue({ kind: 'restroom', body }, user.id);
    await outbox.flush();

    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/bathrooms',
        body: { ...body, bathroomToAdd: { ...body.bathroomToAdd, id: row.id } },
        idempotencyKey: row.id,
        answer: 'NewRestroomReceipt',
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("keeps the receipt on the device as this person's, replacing an earlier copy, and asks for a pull", async () => {
    const older = makeRestroom({ name: 'Older addition', status: 'approved' });
    await metaSet(db, 'myRestrooms', { userId: user.id, restrooms: [older] });
    const stored = makeRestroom({ id: testId(701), name: 'Walker Art Center', status: 'pending', source: 'user' });
    const { outbox, onPublicChange } = outboxAnswering({ restroom: stored });

    await outbox.enqueue({ kind: 'restroom', body }, user.id);
    await outbox.flush();
    // A replayed answer for the same restroom replaces it rather than listing it twice.
    await outbox.enqueue({ kind: 'restroom', body }, user.id);
    await outbox.flush();

    expect(await metaGet(db, 'myRestrooms')).toEqual({ userId: user.id, restrooms: [older, stored] });
    expect(onPublicChange).toHaveBeenCalled();
  });

  it("starts a new list when the device held someone else's additions", async () => {
    await metaSet(db, 'myRestrooms', { userId: testId(799), restrooms: [makeRestroom()] });
    const stored = makeRestroom({ status: 'pending' });
    const { outbox } = outboxAnswering({ restroom: stored });
    await outbox.enqueue({ kind: 'restroom', body }, user.id);
    await outbox.flush();
    expect(await metaGet(db, 'myRestrooms')).toEqual({ userId: user.id, restrooms: [stored] });
  });
});
