import { v7 as uuidv7 } from 'uuid';
import type { ApiClient } from '../api/api-client';
import { systemClock, type Clock } from '../device/clock';
import type { AllstallDb } from '../db/db';
import type { Environment, ExclusiveLocks } from '../device/environment';
import { createMirrorWriter, type MirrorWriter } from '../sync/mirror-writer';
import { releaseAfterLogin } from './login-wait';
import { NO_REASON } from './outbox-reasons';
import { createOutboxRuns } from './outbox-runs';
import type { Outbox, OutboxRow, OutboxWrite } from './outbox-types';

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

/**
 * The outbox: writes saved on the device, sent once each, in order, whenever there is a chance.
 * Its pieces: send-one.ts sends and settles a row, outbox-runs.ts runs the sends (the lock, one run
 * at a time, the retry timer), login-wait.ts holds writes for their author's login, backoff.ts and
 * retry-after.ts say when to try again. Here: what the app asks of it.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const env = options.env ?? {};
  const newId = options.newId ?? uuidv7;
  const runs = createOutboxRuns({
    db,
    api: options.api,
    clock,
    random: options.random ?? Math.random,
    mirror: options.mirror ?? createMirrorWriter({ db }),
    requestBackgroundSync: env.requestBackgroundSync,
    onPublicChange: options.onPublicChange,
    locks: env.locks,
  });
  const flush = runs.flush;

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
    async writesOf(userId) {
      return (await db.outbox.toCollection().sortBy('createdAt')).filter((row) => row.userId === userId);
    },
    async discardEveryOf(userId) {
      return db.transaction('rw', db.outbox, async () => {
        const rows = await db.outbox.filter((row) => row.userId === userId).toArray();
        const onTheWire = rows.filter((row) => row.status === 'sending');
        await db.outbox.bulkDelete(rows.filter((row) => row.status !== 'sending').map((row) => row.id));
        return onTheWire.length;
      });
    },
    async resumeFor(userId) {
      await releaseAfterLogin(db, userId);
      await flush();
    },
    start() {
      runs.startTimer();
      const onWake = () => void flush();
      env.events?.addEventListener('online', onWake);
      env.events?.addEventListener('focus', onWake);
      void flush();
      return () => {
        runs.stopTimer();
        env.events?.removeEventListener('online', onWake);
        env.events?.removeEventListener('focus', onWake);
      };
    },
  };
}
