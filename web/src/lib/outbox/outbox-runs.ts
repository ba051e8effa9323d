import { metaGet, type AllstallDb } from '../db/db';
import type { Clock } from '../device/clock';
import type { ExclusiveLocks } from '../device/environment';
import { holdUntilLogin, SENDABLE } from './login-wait';
import { sendOne, type SendContext } from './send-one';

/** One sender at a time across tabs and the service worker; each waits its turn for this lock. */
const OUTBOX_LOCK_NAME = 'allstall-outbox';

interface OutboxRuns {
  /** Sends what is due (everything with `force`), after any run in progress; then sets the retry timer. */
  flush(options?: { force?: boolean }): Promise<void>;
  /** From now on a retry timer waits for the next write due (the page and the service worker's own wake-ups). */
  startTimer(): void;
  stopTimer(): void;
}

/**
 * The outbox's runs: at most one in progress and one queued behind it per context, each under the
 * lock, and the timer that starts the next when a backoff ends.
 */
export function createOutboxRuns(context: SendContext & { locks?: ExclusiveLocks | undefined }): OutboxRuns {
  const { db, clock } = context;
  // A queued run covers every flush() asked for while it waits, since it reads the queue afresh when it starts.
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let queuedForce = false;
  let retryTimer: unknown = null;
  let scheduling = false;

  function clearTimer(): void {
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    retryTimer = null;
  }

  async function scheduleRetry(): Promise<void> {
    if (!scheduling) return;
    clearTimer();
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

  function flush({ force = false }: { force?: boolean } = {}): Promise<void> {
    queuedForce ||= force;
    if (queued) return queued;
    const run = tail.then(async () => {
      queued = null;
      const runForce = queuedForce;
      queuedForce = false;
      const send = () => sendDue(context, db, clock, runForce);
      await (context.locks ? context.locks.request(OUTBOX_LOCK_NAME, send) : send());
      await scheduleRetry();
    });
    queued = run;
    tail = run.catch((error: unknown) => console.warn('Sending the outbox failed', error));
    return run;
  }

  return {
    flush,
    startTimer: () => {
      scheduling = true;
    },
    stopTimer: () => {
      scheduling = false;
      clearTimer();
    },
  };
}

/** One run: the signed-in person's writes that are due, oldest first, each tried once. */
async function sendDue(context: SendContext, db: AllstallDb, clock: Clock, force: boolean): Promise<void> {
  const tried = new Set<string>();
  // Rounds pick up writes queued while a round was sending; each write is tried once per run.
  for (;;) {
    const user = await metaGet(db, 'user');
    // Only the signed-in person's writes go out under their session; others wait for their author.
    await holdUntilLogin(db, (author) => author !== user?.id);
    if (!user) return;
    const now = clock.now();
    const due = (await db.outbox.where('status').anyOf(SENDABLE).sortBy('createdAt')).filter(
      (row) => row.userId === user.id && !tried.has(row.id) && (force || row.nextAttemptAt <= now),
    );
    if (due.length === 0) return;
    for (const row of due) {
      tried.add(row.id);
      if ((await sendOne(context, row)) === 'stop') return;
    }
  }
}
