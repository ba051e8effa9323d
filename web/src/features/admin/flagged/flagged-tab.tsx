import { AdminListStatus } from '../shared/admin-list-status';
import { FlagsTable } from './flags-table';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { useAdminList } from '../shared/use-admin-list';

/** The admin's 'Flagged Bathrooms' tab: changes people suggested, waiting for review. */
export function FlaggedTab() {
  const { t, timeZone, queue, decisions } = useAdminList('flags');
  const rows = queue.rows;
  const anyDecided = decisions.byItem.size > 0;

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="flags" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      {rows?.length === 0 && !anyDecided && <p className="admin-queue-line">{t('admin.flagged.empty')}</p>}
      {rows !== undefined && (rows.length > 0 || anyDecided) && <FlagsTable flags={rows} decisions={decisions} timeZone={timeZone} />}
    </div>
  );
}
