import { useCallback } from 'react';
import { useAlert } from '../../components/dialog-provider';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { useQueueWrite } from '../../hooks/use-queue-write';
import type { OutboxWrite } from '../../lib/outbox/outbox-types';

/**
 * Queues an admin decision; its row in the table shows it at once (see useQueuedDecisions). Only a
 * device that cannot store it says so, with the spec's 'Oh no!', since nothing was saved.
 */
export function useQueueDecision(): (write: OutboxWrite) => Promise<void> {
  const queueWrite = useQueueWrite();
  const alert = useAlert();
  return useCallback(
    async (write) => {
      const result = await queueWrite(write);
      if (result.kind === 'failed') await alert(WRITE_ALERTS.somethingWentWrong);
    },
    [alert, queueWrite],
  );
}
