import { useCallback } from 'react';
import { metaGet } from '../lib/db/db';
import { deviceIsOffline } from '../lib/device/device-offline';
import type { OutboxWrite } from '../lib/outbox/outbox-types';
import { useServices } from '../lib/services';
import { t } from '../lib/i18n/i18n';

export type QueueResult =
  /** Saved on the device as outbox row `rowId`; `offline` says it cannot go out before the connection is back. */
  | { kind: 'queued'; offline: boolean; rowId: string }
  /** Nobody is signed in any more (the session ended while a form was open): nothing was saved. */
  | { kind: 'guest' }
  /** The device could not store it (storage full, private mode): nothing was saved. */
  | { kind: 'failed'; error: unknown };

/** Said under a thank-you when the write waits for a connection, in the active language: call it when shown. */
export function offlineNote(): string {
  return t('writes.offlineNote');
}

/**
 * Puts a write in the outbox under the signed-in person. Who is signed in is read at the moment of
 * sending, not from the last render, so a session that ended seconds ago is noticed.
 */
export function useQueueWrite(): (write: OutboxWrite) => Promise<QueueResult> {
  const { db, outbox } = useServices();
  return useCallback(
    async (write) => {
      let rowId: string;
      try {
        const user = await metaGet(db, 'user');
        if (!user) return { kind: 'guest' };
        rowId = (await outbox.enqueue(write, user.id)).id;
      } catch (error) {
        console.warn('Could not queue the write', error);
        return { kind: 'failed', error };
      }
      return { kind: 'queued', offline: deviceIsOffline(), rowId };
    },
    [db, outbox],
  );
}
