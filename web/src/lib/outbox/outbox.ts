import { v7 as uuidv7 } from 'uuid';
import { HttpError, NetworkError, type ApiClient } from '../api/api-client';
import { systemClock, type Clock } from '../device/clock';
import { metaGet, metaSet, type AllstallDb } from '../db/db';
import type { Environment, ExclusiveLocks } from '../device/environment';
import { createMirrorWriter, mirrorTables, type AfterCommit, type MirrorWriter } from '../sync/mirror-writer';
import { retryDelayMs } from './backoff';
import { retryAfterMs } from './retry-after';
import type { Outbox, OutboxRow, OutboxWrite } from './outbox-types';
import { writeKind } from './write-kinds';

/** What the outbox reacts to of its surroundings: the exclusive lock, the window's events, background sync. */
type OutboxEnvironment = Pick<Environment, 'events' | 'requestBackgroundSync'> & { locks?: ExclusiveLocks | undefined };

export interface OutboxOptions {
  db: AllstallDb;
  api: Pick<ApiClient, 'sendWrite'>;
  clock?: Clock;
  env?: OutboxEnvironment;
  random?: () => number;
  newId?: () => string;
  /** Where accepted answers enter the restroom mirror; the page passes its own (with the tab's store). */
  mirror?: MirrorWriter;
  /** Called after a write that changes public data was accepted: the page pulls the change feed. */
  onPublicChange?: () => void;
}

/** One sender at a time across tabs and the service worker; each waits its turn for this lock. */
const OUTBOX_LOCK_NAME = 'allstall-outbox';
const SENDABLE: OutboxRow['status'][] = ['pending', 'sending'];

/**
 * The outbox's own reasons: the English words it has always stored, and the catalog message the
 * screens say them with. The text stays in English here, not translated: the service worker sends
 * too, without the page's messages, and the row is read later, perhaps in another language.
 */
type Reason = Pick<OutboxRow, 'lastError' | 'lastErrorMessage'>;
const NO_CONNECTION: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'No connection. It will be sent when the connection is back.',
  lastErrorMessage: { id: 'writes.outbox.noConnection' },
};
const SERVER_PROBLEM: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'The server had a problem. Trying again soon.',
  lastErrorMessage: { id: 'writes.outbox.serverProblem' },
};
const NEEDS_LOGIN: Reason = {
  // i18n-exempt: the stored English words; screens say lastErrorMessage
  lastError: 'Your session ended. Log in to send this.',
  lastErrorMessage: { id: 'writes.outbox.needsLogin' },
};
/** Cleared with the reason it explained. */
const NO_REASON: Reason = { lastError: undefined, lastErrorMessage: undefined };

/** Why the server refused a write: its words, and its code (with params) for saying them in the person's language. */
function refusalReason(error: HttpError): Reason {
  const body = error.body;
  if (!body?.message) {
    // i18n-exempt: the stored English words; screens say lastErrorMessage
    return { lastError: `The server refused it (${error.status}).`, lastErrorMessage: { id: 'writes.outbox.refused', values: { status: error.status } } };
  }
  const { code, params } = body;
  return { lastError: body.message, lastErrorMessage: code === undefined ? undefined : { id: `server.${code}`, ...(params ? { values: params } : {}) } };
}

/** 408 and 429 say "not now", like a 5xx: worth another try later, not the person's fault. */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The wait a 429 or 503 asked for with Retry-After, in ms; null for anything else. */
function serverAskedWaitMs(error: unknown, now: number): number | null {
  if (!(error instanceof HttpError) || (error.status !== 429 && error.status !== 503)) return null;
  return retryAfterMs(error.retryAfter, now);
}

type SendOutcome = 'next' | 'stop';

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, api } = options;
  const clock = options.clock ?? systemClock;
  const env = options.env ?? {};
  const random = options.random ?? Math.random;
  const newId = options.newId ?? uuidv7;
  const mirror = options.mirror ?? createMirrorWriter({ db });

  // At most one run in progress and one queued behind it per context; a queued run covers every
  // flush() asked for while it waits, since it reads the queue afresh when it starts.
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let queuedForce = false;
  let retryTimer: unknown = null;
  let scheduling = false;

  async function sendOne(listed: OutboxRow): Promise<SendOutcome> {
    // Read again as it is marked: the person may have edited or discarded it since it was listed.
    const row = await db.transaction('rw', db.outbox, async () => {
      const fresh = await db.outbox.get(listed.id);
      if (!fresh || !SENDABLE.includes(fresh.status)) return undefined;
      await db.outbox.update(fresh.id, { status: 'sending' });
      return fresh;
    });
    if (!row) return 'next';
    const kind = writeKind(row.kind);
    let result: unknown;
    try {
      result = await api.sendWrite({ ...kind.request(row.body as never, row.id), idempotencyKey: row.id });
    } catch (error) {
      if (error instanceof HttpError && kind.alreadyDone?.includes(error.status)) {
        await complete(row, null);
        return 'next';
      }
      if (error instanceof HttpError && error.status === 401) {
        await holdForLogin(row.userId);
        return 'stop';
      }
      if (error instanceof HttpError && !isRetryableStatus(error.status)) {
        await db.outbox.update(row.id, {
          status: 'failed',
          attempts: row.attempts + 1,
          ...refusalReason(error),
          lastErrorField: error.body?.field,
        });
        return 'next';
      }
      const offline = error instanceof NetworkError;
      const reason = offline ? NO_CONNECTION : SERVER_PROBLEM;
      await retryLater(row, reason, serverAskedWaitMs(error, clock.now()));
      if (offline) void env.requestBackgroundSync?.();
      // Without a connection the rest would fail the same way; a server error may be about this write only.
      return offline ? 'stop' : 'next';
    }
    await complete(row, result);
    return 'next';
  }

  async function complete(row: OutboxRow, result: unknown): Promise<void> {
    const kind = writeKind(row.kind);
    // The sent mark (the row's deletion) and the answer's effect commit together: exactly once.
    const after: AfterCommit[] = [];
    await db.transaction('rw', [db.outbox, ...mirrorTables(db)], async () => {
      await db.outbox.delete(row.id);
      await kind.apply?.({ db, mirror, now: clock.now(), afterCommit: (task) => after.push(task) }, row.body as never, result, row.userId);
    });
    // Memory and other tabs learn of it only once it is stored.
    for (const task of after) task();
    if (kind.changesPublicData) options.onPublicChange?.();
  }

  /**
   * Waits out the backoff, or the server's Retry-After when it gave a longer one. "Send now" and the
   * service worker's sync event still go at once, as through any backoff: the person asked, or the
   * browser's own retry schedule did.
   */
  async function retryLater(row: OutboxRow, reason: Reason, serverAskedMs: number | null): Promise<void> {
    const attempts = row.attempts + 1;
    await db.outbox.update(row.id, {
      status: 'pending',
      attempts,
      nextAttemptAt: clock.now() + retryDelayMs(attempts, serverAskedMs, random),
      ...reason,
    });
  }

  /** The matching writes wait for their author's next login, and say so. */
  async function holdUntilLogin(whose: (userId: string) => boolean): Promise<void> {
    await db.outbox
      .where('status')
      .anyOf(SENDABLE)
      .filter((row) => whose(row.userId))
      .modify({ status: 'needs-login', ...NEEDS_LOGIN });
  }

  /** The session is gone: every write of this person waits for their next login, and the device forgets them. */
  async function holdForLogin(userId: string): Promise<void> {
    await db.transaction('rw', db.outbox, db.meta, async () => {
      await holdUntilLogin((author) => author === userId);
      const user = await metaGet(db, 'user');
      if (user?.id === userId) await metaSet(db, 'user', null);
    });
  }

  async function sendDue(force: boolean): Promise<void> {
    const tried = new Set<string>();
    // Rounds pick up writes queued while a round was sending; each write is tried once per run.
    for (;;) {
      const user = await metaGet(db, 'user');
      // Only the signed-in person's writes go out under their session; others wait for their author.
      await holdUntilLogin((author) => author !== user?.id);
      if (!user) return;
      const now = clock.now();
      const due = (await db.outbox.where('status').anyOf(SENDABLE).sortBy('createdAt')).filter(
        (row) => row.userId === user.id && !tried.has(row.id) && (force || row.nextAttemptAt <= now),
      );
      if (due.length === 0) return;
      for (const row of due) {
        tried.add(row.id);
        if ((await sendOne(row)) === 'stop') return;
      }
    }
  }

  async function scheduleRetry(): Promise<void> {
    if (!scheduling) return;
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    retryTimer = null;
    const waiting = await db.outbox.where('status').equals('pending').toArray();
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((row) => row.nextAttemptAt));
    retryTimer = clock.setTimeout(
      () => {
        retryTimer = null;
        void flush();
      },
      Math.max(0, next - clock.now()),
    );
  }

  /**
   * Applies a person's change to a waiting write, unless a sender has it in flight: the server may
   * already be storing the old content, and the answer will settle it either way.
   */
  async function changeUnlessSending(id: string, change: () => Promise<unknown>): Promise<boolean> {
    return db.transaction('rw', db.outbox, async () => {
      const row = await db.outbox.get(id);
      if (!row || row.status === 'sending') return false;
      await change();
      return true;
    });
  }

  function flush({ force = false }: { force?: boolean } = {}): Promise<void> {
    queuedForce ||= force;
    if (queued) return queued;
    const run = tail.then(async () => {
      queued = null;
      const runForce = queuedForce;
      queuedForce = false;
      const send = () => sendDue(runForce);
      await (env.locks ? env.locks.request(OUTBOX_LOCK_NAME, send) : send());
      await scheduleRetry();
    });
    queued = run;
    tail = run.catch((error: unknown) => console.warn('Sending the outbox failed', error));
    return run;
  }

  return {
    async enqueue(write: OutboxWrite, userId: string): Promise<OutboxRow> {
      const row = {
        ...write,
        id: newId(),
        userId,
        status: 'pending',
        createdAt: clock.now(),
        attempts: 0,
        nextAttemptAt: 0,
      } as OutboxRow;
      await db.outbox.add(row);
      void flush();
      void env.requestBackgroundSync?.();
      return row;
    },
    flush,
    async discard(id) {
      return changeUnlessSending(id, () => db.outbox.delete(id));
    },
    async edit(id, write) {
      const changed = await changeUnlessSending(id, () =>
        db.outbox.update(id, {
          kind: write.kind,
          body: write.body,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: 0,
          ...NO_REASON,
          lastErrorField: undefined,
        } as Partial<OutboxRow>),
      );
      if (changed) void flush();
      return changed;
    },
    async resumeFor(userId) {
      await db.outbox
        .where('status')
        .equals('needs-login')
        .filter((row) => row.userId === userId)
        .modify({ status: 'pending', nextAttemptAt: 0, ...NO_REASON });
      await flush();
    },
    start() {
      scheduling = true;
      const onWake = () => void flush();
      env.events?.addEventListener('online', onWake);
      env.events?.addEventListener('focus', onWake);
      void flush();
      return () => {
        scheduling = false;
        env.events?.removeEventListener('online', onWake);
        env.events?.removeEventListener('focus', onWake);
        if (retryTimer !== null) clock.clearTimeout(retryTimer);
        retryTimer = null;
      };
    },
  };
}
