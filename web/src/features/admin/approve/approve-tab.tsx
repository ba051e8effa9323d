import { PendingRestroomsSchema, type PendingRestroom } from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import { useT } from '@/lib/i18n/use-t';
import { AdminListStatus } from '../shared/admin-list-status';
import { DecisionStatusLine, useDecisionStatus } from '../shared/decision-status-line';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { PendingTable } from './pending-table';
import { RESTROOM_DECISION_KINDS } from '../shared/queued-decisions';
import { decidesReview } from '../shared/restroom-as-decided';
import { useAdminQueue } from '../shared/use-admin-queue';
import { useQueuedDecisions } from '../shared/use-queued-decisions';
import { useRefreshWhenSettled } from '../shared/use-refresh-when-settled';

/** The admin's 'Approve Bathrooms' tab: restrooms people added, waiting for review. */
export function ApproveTab() {
  const t = useT();
  const { region } = useClientConfig();
  const queue = useAdminQueue<PendingRestroom>('pending', PendingRestroomsSchema, '/api/admin/pending');
  const decisions = useQueuedDecisions(RESTROOM_DECISION_KINDS);
  useRefreshWhenSettled(decisions, queue.refresh);
  const status = useDecisionStatus(decisions);
  const rows = queue.rows;
  const decidedHere = [...decisions.byItem.values()].some((queued) => queued.some(decidesReview));

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="restrooms" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      <DecisionStatusLine status={status}>
        {rows?.length === 0 && !decidedHere && <p className="admin-queue-line">{t('admin.approve.empty')}</p>}
        {rows !== undefined && (rows.length > 0 || decidedHere) && <PendingTable restrooms={rows} decisions={decisions} timeZone={region.timeZone} />}
      </DecisionStatusLine>
    </div>
  );
}
