import { useCallback } from 'react';
import { useAlert } from '@/components/dialog-provider';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { useQueueWrite } from '@/hooks/use-queue-write';
import type { DecisionWrite } from './decision-status';
import { useDecisionReports, type DecisionReports } from './decision-status-line';

/**
 * Queues an admin decision; its row in the table shows it at once (see useQueuedDecisions) and the
 * list's status line confirms it (to `reports`, or the DecisionStatusLine around the caller). Only a
 * device that cannot store it says so, with the spec's 'Oh no!', since nothing was saved.
 */
export function useQueueDecision(reports?: DecisionReports): (write: DecisionWrite) => Promise<void> {
  const queueWrite = useQueueWrite();
  const alert = useAlert();
  const around = useDecisionReports();
  const reportTo = reports ?? around;
  return useCallback(
    async (write) => {
      const result = await queueWrite(write);
      if (result.kind === 'failed') await alert(WRITE_ALERTS.somethingWentWrong);
      if (result.kind === 'queued') reportTo?.queued(write, result.rowId);
    },
    [alert, queueWrite, reportTo],
  );
}
