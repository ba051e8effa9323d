import { AdminListStatus } from '../shared/admin-list-status';
import { DecisionStatusLine } from '../shared/decision-status-line';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { PendingTable } from './pending-table';
import { decidesReview } from '../shared/restroom-as-decided';
import { useAdminList } from '../shared/use-admin-list';

/** The admin's 'Approve Bathrooms' tab: restrooms people added, waiting for review. */
export function ApproveTab() {
  const { t, timeZone, queue, decisions, status } = useAdminList('pending');
  const rows = queue.rows;
  const decidedHere = [...decisions.byItem.values()].some((queued) => queued.some(decidesReview));

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="restrooms" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      <DecisionStatusLine status={status}>
        {rows?.length === 0 && !decidedHere && <p className="admin-queue-line">{t('admin.approve.empty')}</p>}
        {rows !== undefined && (rows.length > 0 || decidedHere) && <PendingTable restrooms={rows} decisions={decisions} timeZone={timeZone} />}
      </DecisionStatusLine>
    </div>
  );
}
