import { HttpError, NetworkError, type ApiClient } from '../api/api-client';
import type { Clock } from '../device/clock';
import type { AllstallDb } from '../db/db';
import { mirrorTables, type AfterCommit, type MirrorWriter } from '../sync/mirror-writer';
import { retryDelayMs } from './backoff';
import { holdForLogin, SENDABLE } from './login-wait';
import { isRetryableStatus, NO_CONNECTION, refusalReason, SERVER_PROBLEM, serverAskedWaitMs, type Reason } from './outbox-reasons';
import type { OutboxRow } from './outbox-types';
import { writeKind } from './write-kinds';

/** 'stop' ends the run: without a connection, or without a session, the rest would fail the same way. */
type SendOutcome = 'next' | 'stop';

export interface SendContext {
  db: AllstallDb;
  api: Pick<ApiClient, 'sendWrite'>;
  clock: Clock;
  random: () => number;
  mirror: MirrorWriter;
  requestBackgroundSync?: (() => Promise<void>) | undefined;
  onPublicChange?: (() => void) | undefined;
}

/** Sends one outbox row and settles it: sent (with its answer's effect), refused, held for login, or retried later. */
export async function sendOne(context: SendContext, listed: OutboxRow): Promise<SendOutcome> {
  const { db, api, clock } = context;
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
      await complete(context, row, null);
      return 'next';
    }
    if (error instanceof HttpError && error.status === 401) {
      await holdForLogin(db, row.userId);
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
    await retryLater(context, row, reason, serverAskedWaitMs(error, clock.now()));
    if (offline) void context.requestBackgroundSync?.();
    // Without a connection the rest would fail the same way; a server error may be about this write only.
    return offline ? 'stop' : 'next';
  }
  await complete(context, row, result);
  return 'next';
}

async function complete(context: SendContext, row: OutboxRow, result: unknown): Promise<void> {
  const { db, mirror, clock } = context;
  const kind = writeKind(row.kind);
  // The sent mark (the row's deletion) and the answer's effect commit together: exactly once.
  const after: AfterCommit[] = [];
  await db.transaction('rw', [db.outbox, ...mirrorTables(db)], async () => {
    await db.outbox.delete(row.id);
    await kind.apply?.({ db, mirror, now: clock.now(), afterCommit: (task) => after.push(task) }, row.body as never, result, row.userId);
  });
  // Memory and other tabs learn of it only once it is stored.
  for (const task of after) task();
  if (kind.changesPublicData) context.onPublicChange?.();
}

/**
 * Waits out the backoff, or the server's Retry-After when it gave a longer one. "Send now" and the
 * service worker's sync event still go at once, as through any backoff: the person asked, or the
 * browser's own retry schedule did.
 */
async function retryLater(context: SendContext, row: OutboxRow, reason: Reason, serverAskedMs: number | null): Promise<void> {
  const attempts = row.attempts + 1;
  await context.db.outbox.update(row.id, {
    status: 'pending',
    attempts,
    nextAttemptAt: context.clock.now() + retryDelayMs(attempts, serverAskedMs, context.random),
    ...reason,
  });
}
