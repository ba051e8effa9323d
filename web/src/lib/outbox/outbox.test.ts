import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_MESSAGES, compactRestroom, type FeedbackBody, type FeedbackResult } from '@allstall/shared';
import { HttpError, NetworkError, type WriteRequest } from '../api/api-client';
import { createDb, metaGet, metaSet, type AllstallDb } from '../db/db';
import { makeComment, makeRestroom, makeUser, testId } from '@/test/fixtures';
import { putBucketRows, storedRestrooms } from '@/test/services';
import { MirrorStore } from '../sync/mirror-store';
import { createMirrorWriter } from '../sync/mirror-writer';
import { manualClock } from '@/test/clock';
import type { ExclusiveLocks } from '../device/environment';
import { activateLocale } from '../i18n/i18n';
import { writeStatusText } from './describe-write';
import { createOutbox, type OutboxOptions } from './outbox';
import type { OutboxWrite } from './outbox-types';

type Answer = unknown | Error;

/** A scripted server: each write gets the next answer (a value, or an error to throw). */
function fakeServer(answers: Answer[] = []) {
  const requests: WriteRequest[] = [];
  return {
    requests,
    answers,
    async sendWrite(request: WriteRequest): Promise<unknown> {
      requests.push(request);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const next = answers.length > 0 ? answers.shift() : null;
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

const refusal = (status: number, message: string, field?: string) =>
  new HttpError(status, { statusCode: status, error: 'Bad Request', message, ...(field ? { field } : {}) });

/** A clock that only moves when told to, with timers the test fires by hand. */
/** An in-memory exclusive lock with the Web Locks calling convention: callers wait their turn. */
function sharedLock(): ExclusiveLocks & { maxHolders: number } {
  let tail = Promise.resolve();
  let holders = 0;
  const lock = {
    maxHolders: 0,
    request(_name: string, callback: () => Promise<void>) {
      const run = tail.then(async () => {
        holders++;
        lock.maxHolders = Math.max(lock.maxHolders, holders);
        try {
          await callback();
        } finally {
          holders--;
        }
      });
      tail = run.catch(() => {});
      return run;
    },
  };
  return lock;
}

const user = makeUser({ id: testId(900), username: 'sam' });
const otherUser = makeUser({ id: testId(901), username: 'riley' });
const restroom = makeRestroom({ id: testId(910), upvotes: 2, downvotes: 1 });

function feedback(overrides: Partial<FeedbackBody> = {}): OutboxWrite {
  return { kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0, comment: 'Clean!', ...overrides } };
}

function feedbackResult(id: string, version: string): FeedbackResult {
  return {
    version,
    restroom: { ...restroom, upvotes: 3, last_confirmed_at: '2027-01-15T08:00:00.000Z' },
    comment: makeComment({ id, restroom_id: restroom.id, user_id: user.id, content: 'Clean!' }),
  };
}

let db: AllstallDb;
let dbCount = 0;
let ids = 0;
const newId = () => `0190f000-0000-7000-8000-${(++ids).toString(16).padStart(12, '0')}`;

beforeEach(async () => {
  db = createDb(`outbox-test-${++dbCount}`);
  await db.open();
  await metaSet(db, 'user', user);
  await putBucketRows(db, [compactRestroom(restroom)]);
});
afterEach(async () => {
  await db.delete();
});

function outboxWith(server: ReturnType<typeof fakeServer>, extra: Partial<OutboxOptions> = {}) {
  const time = manualClock();
  const outbox = createOutbox({ db, api: server, clock: time.clock, random: () => 0.5, newId, ...extra });
  return { outbox, time };
}

describe('sending', () => {
  it('stores the write first, sends it once with its id as Idempotency-Key, and removes it on 2xx', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server);
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'Hello' } }, user.id);
    expect(await db.outbox.get(row.id)).toMatchObject({ status: expect.stringMatching(/pending|sending/), userId: user.id });
    server.answers.push({ id: row.id, inserted_at: '2027-01-15T08:00:00.000Z' });

    await outbox.flush();

    expect(server.requests).toEqual([{ method: 'POST', path: '/api/contact', body: { details: 'Hello' }, idempotencyKey: row.id }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("puts an accepted feedback's comment and counts into the mirror, unless a pull already brought newer rows", async () => {
    const server = fakeServer();
    const onPublicChange = vi.fn();
    const { outbox } = outboxWith(server, { onPublicChange });
    await metaSet(db, 'syncCursor', '40');

    const first = await outbox.enqueue(feedback(), user.id);
    server.answers.push(feedbackResult(first.id, '41'));
    await outbox.flush();
    expect((await storedRestrooms(db)).get(restroom.id)?.upvotes).toBe(3);
    expect(await db.comments.get(first.id)).toMatchObject({ content: 'Clean!' });
    expect(onPublicChange).toHaveBeenCalled();
    // The device now knows this person's standing thumb, so a later queued one replaces it.
    expect(await metaGet(db, 'myVotes')).toEqual({ userId: user.id, votes: { [restroom.id]: 'up' } });

    await putBucketRows(db, [compactRestroom({ ...restroom, upvotes: 9 })]);
    await metaSet(db, 'syncCursor', '60');
    const second = await outbox.enqueue(feedback(), user.id);
    server.answers.push(feedbackResult(second.id, '50'));
    await outbox.flush();
    expect((await storedRestrooms(db)).get(restroom.id)?.upvotes).toBe(9);
    expect(await db.comments.get(second.id)).toBeUndefined();
  });

  it("gives an accepted feedback's answer to the tab's memory only once it is stored with its outbox row gone", async () => {
    const server = fakeServer();
    const store = new MirrorStore();
    await store.load(db);
    const mirror = createMirrorWriter({ db, store, channel: null });
    const { outbox } = outboxWith(server, { mirror });
    const row = await outbox.enqueue(feedback(), user.id);
    server.answers.push(feedbackResult(row.id, '41'));
    let inMemoryWhileRowQueued: number | undefined;
    // Memory is updated after the commit: when it changes, the row is already gone from IndexedDB.
    const rowGoneWhenMemoryChanged: Promise<boolean> = new Promise((resolve) => {
      store.subscribe(() => {
        inMemoryWhileRowQueued = store.get(restroom.id)?.upvotes;
        void db.outbox.get(row.id).then((left) => resolve(left === undefined));
      });
    });

    await outbox.flush();

    expect(await rowGoneWhenMemoryChanged).toBe(true);
    expect(inMemoryWhileRowQueued).toBe(3);
    expect(store.get(restroom.id)?.upvotes).toBe(3);
    expect((await storedRestrooms(db)).get(restroom.id)?.upvotes).toBe(3);
    expect(server.requests).toHaveLength(1);
  });

  it('a row left "sending" by a closed tab is sent again under the same key', async () => {
    const server = fakeServer([null]);
    const { outbox } = outboxWith(server);
    await db.outbox.add({
      kind: 'contact',
      body: { details: 'Hi' },
      id: testId(920),
      userId: user.id,
      status: 'sending',
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 0,
    });
    await outbox.flush();
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([testId(920)]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('no connection or a server error', () => {
  it('keeps the write, backs off with jitter, stops trying the rest, and asks for a background sync', async () => {
    const server = fakeServer([new NetworkError(new TypeError('Failed to fetch'))]);
    const requestBackgroundSync = vi.fn(async () => {});
    const { outbox, time } = outboxWith(server, { env: { requestBackgroundSync } });
    for (const [index, details] of ['one', 'two'].entries()) await db.outbox.add({
      kind: 'contact', body: { details }, id: testId(940 + index), userId: user.id,
      status: 'pending', createdAt: index, attempts: 0, nextAttemptAt: 0,
    });
    await outbox.flush();

    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.get(testId(941))).toMatchObject({ attempts: 0 });
    const row = await db.outbox.get(testId(940));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('No connection') });
    // random() = 0.5 → half of the 2 s base plus half of its other half.
    expect(row?.nextAttemptAt).toBe(time.clock.now() + 1500);
    expect(requestBackgroundSync).toHaveBeenCalled();
  });

  it('retries a 5xx after its backoff, and "Send now" skips the wait; the write lands exactly once', async () => {
    const server = fakeServer([refusal(500, 'boom'), refusal(503, 'busy'), null]);
    const { outbox, time } = outboxWith(server);
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'Hi' } }, user.id);
    await outbox.flush();
    expect(await db.outbox.get(row.id)).toMatchObject({ status: 'pending', attempts: 1 });

    await outbox.flush();
    expect(server.requests).toHaveLength(1); // still backing off

    time.advance(1500);
    time.fireDue();
    await outbox.flush();
    expect(server.requests).toHaveLength(2);
    expect(await db.outbox.get(row.id)).toMatchObject({ attempts: 2 });
    // The second delay doubles: 2–4 s, 3 s with random() = 0.5.
    expect((await db.outbox.get(row.id))?.nextAttemptAt).toBe(time.clock.now() + 3000);

    await outbox.flush({ force: true });
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([row.id, row.id, row.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sets a timer for the next retry while started, and the timer sends it', async () => {
    const server = fakeServer([refusal(502, 'bad gateway'), null]);
    const { outbox, time } = outboxWith(server);
    const stop = outbox.start();
    await outbox.enqueue({ kind: 'contact', body: { details: 'Hi' } }, user.id);
    await outbox.flush();
    expect(time.pendingTimers()).toHaveLength(1);
    time.advance(1500);
    time.fireDue();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 30_000 });
    expect(server.requests).toHaveLength(2);
    stop();
  });
});

describe("the server's Retry-After on a 429 or 503", () => {
  const busy = (status: number, retryAfter: string | null) =>
    new HttpError(status, { statusCode: status, error: 'Service Unavailable', message: 'busy' }, retryAfter);

  /** Sends one write into `answer` with the retry timer running; the write's next attempt, and the timer's. */
  async function afterOneAnswer(answer: HttpError) {
    const server = fakeServer([answer, null]);
    const { outbox, time } = outboxWith(server);
    const stop = outbox.start();
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'Hi' } }, user.id);
    await outbox.flush();
    const waiting = await db.outbox.get(row.id);
    return { server, outbox, time, stop, waiting, timers: time.pendingTimers().map((timer) => timer.at) };
  }

  it('a 503 with Retry-After: 120 is tried again 120 s later, not after the 1.5 s backoff', async () => {
    const { server, outbox, time, stop, waiting, timers } = await afterOneAnswer(busy(503, '120'));
    const due = time.clock.now() + 120_000;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: due });
    expect(timers).toEqual([due]);

    time.advance(1500);
    time.fireDue();
    await outbox.flush();
    expect(server.requests).toHaveLength(1); // the backoff alone would have sent it by now

    time.advance(120_000 - 1500);
    time.fireDue();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 30_000 });
    expect(server.requests).toHaveLength(2);
    stop();
  });

  it('a 429 with an HTTP-date is tried again at that moment', async () => {
    const start = 1_800_000_000_000;
    const at = new Date(start + 90_000).toUTCString(); // e.g. "Fri, 15 Jan 2027 08:01:30 GMT"
    const { stop, waiting, timers } = await afterOneAnswer(busy(429, at));
    expect(waiting?.nextAttemptAt).toBe(start + 90_000);
    expect(timers).toEqual([start + 90_000]);
    stop();
  });

  it('an absurd Retry-After holds the write back five minutes at most', async () => {
    const { time, stop, waiting } = await afterOneAnswer(busy(503, '1000000000'));
    expect(waiting?.nextAttemptAt).toBe(time.clock.now() + 5 * 60_000);
    stop();
  });

  it('without the header, or with one it cannot read, or a shorter one, the backoff applies', async () => {
    for (const header of [null, 'soon', '1']) {
      const { time, stop, waiting } = await afterOneAnswer(busy(503, header));
      // random() = 0.5 → half of the 2 s base plus half of its other half.
      expect(waiting?.nextAttemptAt, `Retry-After: ${header}`).toBe(time.clock.now() + 1500);
      stop();
      await db.outbox.clear();
    }
  });

  it('is not read on other statuses', async () => {
    const { time, stop, waiting } = await afterOneAnswer(busy(500, '120'));
    expect(waiting?.nextAttemptAt).toBe(time.clock.now() + 1500);
    stop();
  });
});

describe('a 401', () => {
  it("holds every write of that person for their next login, forgets them on this device, then sends after login", async () => {
    const server = fakeServer([refusal(401, 'Log in first.')]);
    const { outbox } = outboxWith(server);
    const a = await outbox.enqueue({ kind: 'contact', body: { details: 'one' } }, user.id);
    const b = await outbox.enqueue(feedback({ comment: 'two' }), user.id);
    await outbox.flush();

    expect(server.requests).toHaveLength(1);
    expect((await db.outbox.bulkGet([a.id, b.id])).map((row) => row?.status)).toEqual(['needs-login', 'needs-login']);
    expect(await metaGet(db, 'user')).toBeNull();

    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(1);

    await metaSet(db, 'user', user);
    server.answers.push(null, feedbackResult(b.id, '7'));
    await outbox.resumeFor(user.id);
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([a.id, a.id, b.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("never sends one person's writes under another person's session", async () => {
    const server = fakeServer([null]);
    const { outbox } = outboxWith(server);
    await metaSet(db, 'user', null);
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'sam wrote this' } }, user.id);
    await outbox.flush();
    expect(server.requests).toHaveLength(0);

    // Nobody signed in (the session expired while the app was closed): the write asks for a login.
    expect(await db.outbox.get(row.id)).toMatchObject({ status: 'needs-login' });

    await metaSet(db, 'user', otherUser);
    await outbox.resumeFor(otherUser.id);
    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(0);
    expect(await db.outbox.get(row.id)).toMatchObject({ status: 'needs-login' });

    await metaSet(db, 'user', user);
    await outbox.resumeFor(user.id);
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([row.id]);
  });
});

describe('a refusal (other 4xx)', () => {
  it('keeps it as failed with the server message; Edit resends the fix under the same key; Discard drops it', async () => {
    const server = fakeServer([refusal(400, 'comment must NOT have more than 2000 characters.', 'comment')]);
    const { outbox } = outboxWith(server);
    const row = await outbox.enqueue(feedback({ comment: 'x'.repeat(10) }), user.id);
    await outbox.flush();
    expect(await db.outbox.get(row.id)).toMatchObject({
      status: 'failed',
      lastError: 'comment must NOT have more than 2000 characters.',
      lastErrorField: 'comment',
    });
    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(1);

    server.answers.push(feedbackResult(row.id, '3'));
    expect(await outbox.edit(row.id, feedback({ comment: 'Shorter' }))).toBe(true);
    await outbox.flush();
    expect(server.requests[1]).toMatchObject({ idempotencyKey: row.id, body: { comment: 'Shorter' } });
    expect(await db.outbox.count()).toBe(0);

    server.answers.push(refusal(404, 'No such restroom.', 'restroom_id'));
    const doomed = await outbox.enqueue(feedback(), user.id);
    await outbox.flush();
    expect(await db.outbox.get(doomed.id)).toMatchObject({ status: 'failed' });
    await outbox.discard(doomed.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses to edit or discard a write that is in flight, and never sends a discarded one', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server);
    const base = { kind: 'contact' as const, userId: user.id, createdAt: 1, attempts: 0, nextAttemptAt: 0 };
    await db.outbox.add({ ...base, body: { details: 'in flight' }, id: testId(950), status: 'sending' });
    expect(await outbox.discard(testId(950))).toBe(false);
    expect(await outbox.edit(testId(950), { kind: 'contact', body: { details: 'changed' } })).toBe(false);
    expect(await db.outbox.get(testId(950))).toMatchObject({ body: { details: 'in flight' } });

    // Listed by a sender, then discarded while the write before it is on the wire: it must not go out.
    await db.outbox.add({ ...base, body: { details: 'second thoughts' }, id: testId(951), status: 'pending', createdAt: 2 });
    const requests: WriteRequest[] = [];
    let releaseFirst = () => {};
    const slow = createOutbox({
      db,
      newId,
      api: {
        async sendWrite(request) {
          requests.push(request);
          if (requests.length === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
          return null;
        },
      },
    });
    const sending = slow.flush();
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 30_000 });
    expect(await slow.discard(testId(951))).toBe(true);
    releaseFirst();
    await sending;
    expect(requests.map((r) => r.body)).toEqual([{ details: 'in flight' }]);
    expect(server.requests).toHaveLength(0);
  });

  it('treats deleting a comment that is already gone as done', async () => {
    const comment = makeComment({ restroom_id: restroom.id, user_id: user.id });
    await db.comments.put(comment);
    const server = fakeServer([refusal(404, 'No such comment.', 'id')]);
    const { outbox } = outboxWith(server);
    await outbox.enqueue({ kind: 'comment-delete', body: { comment_id: comment.id } }, user.id);
    await outbox.flush();
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', path: `/api/comments/${comment.id}` });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.comments.get(comment.id)).toBeUndefined();
  });
});

describe('one sender at a time', () => {
  it('two tabs flushing together send each write once', async () => {
    const server = fakeServer();
    const locks = sharedLock();
    const tabA = outboxWith(server, { env: { locks } }).outbox;
    const tabB = outboxWith(server, { env: { locks } }).outbox;
    for (let i = 0; i < 5; i++) await db.outbox.add({
      kind: 'contact', body: { details: `m${i}` }, id: testId(930 + i), userId: user.id,
      status: 'pending', createdAt: i, attempts: 0, nextAttemptAt: 0,
    });

    await Promise.all([tabA.flush(), tabB.flush(), tabA.flush(), tabB.flush()]);

    expect(server.requests.map((r) => r.idempotencyKey).sort()).toEqual([0, 1, 2, 3, 4].map((i) => testId(930 + i)));
    expect(locks.maxHolders).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the reasons a write waits or was refused', () => {
  it('stores each as its English words and the message that says it in any language, and clears both once it goes', async () => {
    const server = fakeServer([
      new NetworkError(new TypeError('Failed to fetch')),
      refusal(500, 'boom'),
      new HttpError(400, { statusCode: 400, error: 'Bad Request', message: 'name is required.', field: 'bathroomToAdd.name', code: 'validation.required', params: { field: 'name' } }),
    ]);
    const { outbox } = outboxWith(server);
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'Hi' } }, user.id);
    await outbox.flush();
    expect(await db.outbox.get(row.id)).toMatchObject({
      status: 'pending',
      lastError: 'No connection. It will be sent when the connection is back.',
      lastErrorMessage: { id: 'writes.outbox.noConnection' },
    });

    await outbox.flush({ force: true });
    expect(await db.outbox.get(row.id)).toMatchObject({
      lastError: 'The server had a problem. Trying again soon.',
      lastErrorMessage: { id: 'writes.outbox.serverProblem' },
    });

    await outbox.flush({ force: true });
    expect(await db.outbox.get(row.id)).toMatchObject({
      status: 'failed',
      lastError: 'name is required.',
      lastErrorField: 'bathroomToAdd.name',
      lastErrorMessage: { id: 'server.validation.required', values: { field: 'name' } },
    });
    // Still one send per attempt, every one under the write's own key.
    expect(server.requests.map((r) => r.idempotencyKey)).toEqual([row.id, row.id, row.id]);

    expect(await outbox.edit(row.id, { kind: 'contact', body: { details: 'Hi again' } })).toBe(true);
    await outbox.flush();
    expect(await db.outbox.get(row.id)).toBeUndefined();
  });

  it('keeps a refusal without a code as the server worded it, and one without words by its status', async () => {
    const server = fakeServer([refusal(422, 'Nope.'), new HttpError(409, null)]);
    const { outbox } = outboxWith(server);
    const worded = await outbox.enqueue({ kind: 'contact', body: { details: 'one' } }, user.id);
    const bare = await outbox.enqueue({ kind: 'contact', body: { details: 'two' } }, user.id);
    await outbox.flush();
    const [first, second] = await db.outbox.bulkGet([worded.id, bare.id]);
    expect(first).toMatchObject({ status: 'failed', lastError: 'Nope.' });
    expect(first?.lastErrorMessage).toBeUndefined();
    expect(second).toMatchObject({
      status: 'failed',
      lastError: 'The server refused it (409).',
      lastErrorMessage: { id: 'writes.outbox.refused', values: { status: 409 } },
    });
  });

  it('marks a write held so long that the server forgot its key as failed, saying so in English and Spanish', async () => {
    const expired = API_ERROR_MESSAGES['idempotency.keyExpired'];
    const server = fakeServer([
      new HttpError(409, { statusCode: 409, error: 'Conflict', message: expired, field: 'Idempotency-Key', code: 'idempotency.keyExpired' }),
    ]);
    const { outbox } = outboxWith(server);
    const row = await outbox.enqueue(feedback(), user.id);
    await outbox.flush();
    const stored = await db.outbox.get(row.id);
    expect(stored).toMatchObject({ status: 'failed', lastError: expired, lastErrorMessage: { id: 'server.idempotency.keyExpired' } });
    // Failed waits for the person: nothing is sent again by itself.
    await outbox.flush({ force: true });
    expect(server.requests).toHaveLength(1);
    if (!stored) throw new Error('the write is gone');
    try {
      expect(writeStatusText(stored)).toBe(`Couldn't be sent: ${expired}`);
      await activateLocale('es');
      expect(writeStatusText(stored)).toBe(
        'No se pudo enviar: Este cambio esperó demasiado para enviarse y el servidor ya no puede saber si se guardó. Comprueba si está y, si no, vuelve a hacerlo.',
      );
    } finally {
      await activateLocale('en');
    }
  });

  it('says why a write waits for a login, and forgets it once the person is back', async () => {
    const server = fakeServer([refusal(401, 'Log in first.')]);
    const { outbox } = outboxWith(server);
    const row = await outbox.enqueue({ kind: 'contact', body: { details: 'Hi' } }, user.id);
    await outbox.flush();
    expect(await db.outbox.get(row.id)).toMatchObject({
      status: 'needs-login',
      lastError: 'Your session ended. Log in to send this.',
      lastErrorMessage: { id: 'writes.outbox.needsLogin' },
    });
    await metaSet(db, 'user', user);
    server.answers.push(new NetworkError(new TypeError('Failed to fetch')));
    await outbox.resumeFor(user.id);
    expect(await db.outbox.get(row.id)).toMatchObject({ status: 'pending', lastErrorMessage: { id: 'writes.outbox.noConnection' } });
  });
});
