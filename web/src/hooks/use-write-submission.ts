import { useState } from 'react';
import type { AlertContent } from '../components/alert-dialog';
import { useAlert } from '../components/dialog-provider';
import type { OutboxWrite } from '../lib/outbox/outbox-types';
import { offlineNote, useQueueWrite } from './use-queue-write';

export interface WriteSubmission {
  busy: boolean;
  /**
   * Queues the write. Once it is saved, `onQueued` runs (close the form, clear the field) and the
   * success alert follows, with the offline line when there is no connection; if the device could
   * not save it, the failure alert shows and the form stays as it was. `onGuest` runs when nobody
   * is signed in any more.
   */
  submit(write: OutboxWrite, handlers: { onQueued: () => void; onGuest: () => void }): Promise<void>;
}

export function useWriteSubmission(alerts: { success: AlertContent; failure: AlertContent }): WriteSubmission {
  const queueWrite = useQueueWrite();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async submit(write, { onQueued, onGuest }) {
      setBusy(true);
      const result = await queueWrite(write);
      setBusy(false);
      if (result.kind === 'guest') return onGuest();
      if (result.kind === 'failed') return alert(alerts.failure);
      onQueued();
      await alert(result.offline ? { ...alerts.success, note: offlineNote() } : alerts.success);
    },
  };
}
