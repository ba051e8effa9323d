import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compactRestroom, type ConfirmationResult } from '@allstall/shared';
import { NetworkError, type WriteRequest } from '../api/api-client';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { idleTimers } from '@/test/clock';
import { makeRestroom, makeUser, testId } from '@/test/fixtures';
import { putBucketRows, storedRestrooms } from '@/test/services';
import { createOutbox } from './outbox';

const user = makeUser({ id: testId(1200) });
const restroom = makeRestroom({ id: testId(1201), name: 'Quiet Library', last_confirmed_at: null });
const CONFIRMED_AT = '2027-01-15T08:00:00.000Z';

const answer = (version: string, counted = true): ConfirmationResult => ({
  version,
  restroom: { ...restroom, last_confirmed_at: CONFIRMED_AT },
  counted,
});

let db: AllstallDb;
let dbCount = 0;

beforeEach(async () => {
  db = createDb(`confirmation-write-test-${++dbCount}`);
  await db.open();
  await metaSet(db, 'user', user);
  await putBucketRows(db, [compactRestroom(restroom)]);
});
afterEach(async () => {
  await db.delete();
});

/**
 * A server that takes each request once: `delivered` lists those that reached it. While `offline`
 * is set a request never leaves the device (NetworkError), as with no signal.
 */
function fakeServer(answers: unknown[]) {
  const state = { offline: false, attempts: 0, delivered: [] as WriteRequest[] };
  const api = {
    async sendWrite(request: WriteRequest): Promise<unknown> {
      state.attempts++;
      if (state.offline) throw new NetworkError(new TypeError('Failed to fetch'));
      state.delivered.push(request);
      return answers.shift() ?? null;
    },
  };
  return { state, api };
}

function manualClock() {
  let now = 1_800_000_000_000;
  return { clock: { ...idleTimers, now: () => now }, advance: (ms: number) => void (now += ms) };
}

describe("the 'confirmation' write ('Still there')", () => {
  it('is sent once to POST /api/confirmations with its id as Idempotency-Key, and its answer puts the new confirmation date in the mirror', async () => {
    const { state, api } = fakeServer([answer('41')]);
    const onPublicChange = vi.fn();
    await metaSet(db, 'syncCursor', '40');
    const outbox = createOutbox({ db, api, clock: manualClock().clock, onPublicChange });

    const row = await outbox.enqueue({ kind: 'confirmation', body: { restroom_id: restroom.id } }, user.id);
    await outbox.flush();
    await outbox.flush();

    expect(state.delivered).toEqual([
      { method: 'POST', path: '/api/confirmations', body: { restroom_id: restroom.id }, idempotencyKey: row.id, answer: 'ConfirmationResult' },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await storedRestrooms(db)).get(restroom.id)?.last_confirmed_at).toBe(CONFIRMED_AT);
    expect(onPublicChange).toHaveBeenCalled();
    // The device remembers it was confirmed, so the detail page thanks instead of asking again today.
    const remembered = await metaGet(db, 'myConfirmations');
    expect(remembered?.userId).toBe(user.id);
    expect(Object.keys(remembered?.confirmedAt ?? {})).toEqual([restroom.id]);
  });

  it("keeps the mirror's row when a pull already brought a newer version, and remembers a repeat the server did not count", async () => {
    const { api } = fakeServer([answer('50', false)]);
    await putBucketRows(db, [compactRestroom({ ...restroom, upvotes: 9, last_confirmed_at: '2027-01-15T07:00:00.000Z' })]);
    await metaSet(db, 'syncCursor', '60');
    const outbox = createOutbox({ db, api, clock: manualClock().clock });

    await outbox.enqueue({ kind: 'confirmation', body: { restroom_id: restroom.id } }, user.id);
    await outbox.flush();

    const stored = (await storedRestrooms(db)).get(restroom.id);
    expect(stored?.upvotes).toBe(9);
    expect(stored?.last_confirmed_at).toBe('2027-01-15T07:00:00.000Z');
    expect(Object.keys((await metaGet(db, 'myConfirmations'))?.confirmedAt ?? {})).toEqual([restroom.id]);
  });

  it('made offline, waits on the device and is sent exactly once when the connection is back', async () => {
    const { state, api } = fakeServer([answer('41')]);
    const time = manualClock();
    const events = new EventTarget();
    const outbox = createOutbox({ db, api, clock: time.clock, random: () => 0.5, env: { events } });
    const stop = outbox.start();
    state.offline = true;

    const row = await outbox.enqueue({ kind: 'confirmation', body: { restroom_id: restroom.id } }, user.id);
    await vi.waitFor(async () => expect((await db.outbox.get(row.id))?.lastError).toContain('No connection'), { timeout: 30_000 });
    expect(state.delivered).toHaveLength(0);
    expect(await db.outbox.get(row.id)).toMatchObject({ kind: 'confirmation', status: 'pending' });

    state.offline = false;
    time.advance(60_000);
    events.dispatchEvent(new Event('online'));
    events.dispatchEvent(new Event('focus'));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 30_000 });
    await outbox.flush();
    stop();

    expect(state.delivered.map((request) => [request.path, request.idempotencyKey])).toEqual([['/api/confirmations', row.id]]);
    expect((await storedRestrooms(db)).get(restroom.id)?.last_confirmed_at).toBe(CONFIRMED_AT);
  });
});
