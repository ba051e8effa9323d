import { useWrite } from '@/components/use-write';
import type { DecisionWrite } from './decision-status';
import { useDecisionReports, type DecisionReports } from './decision-status-line';

/**
 * Queues an admin decision; its row in the table shows it at once (see useQueuedDecisions) and the
 * list's status line confirms it (to `reports`, or the DecisionStatusLine around the caller). Only a
 * device that cannot store it says so, with the spec's 'Oh no!', since nothing was saved.
 */
export function useQueueDecision(reports?: DecisionReports): (write: DecisionWrite) => Promise<void> {
  // A decision's kind says nothing once queued (the row shows it) and the spec's 'Oh no!' if it is not.
  const { submit } = useWrite();
  const around = useDecisionReports();
  const reportTo = reports ?? around;
  return async (write) => {
    const result = await submit(write);
    if (result.kind === 'queued') reportTo?.queued(write, result.rowId);
  };
}
