import { FlagReviewsSchema, type FlagReview } from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import { useT } from '@/lib/i18n/use-t';
import { AdminListStatus } from '../shared/admin-list-status';
import { FlagsTable } from './flags-table';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import type { DecisionKind } from '../shared/queued-decisions';
import { useAdminQueue } from '../shared/use-admin-queue';
import { useQueuedDecisions } from '../shared/use-queued-decisions';
import { useRefreshWhenSettled } from '../shared/use-refresh-when-settled';

const FLAG_KINDS: readonly DecisionKind[] = ['flag-decision'];

/** The admin's 'Flagged Bathrooms' tab: changes people suggested, waiting for review. */
export function FlaggedTab() {
  const t = useT();
  const { region } = useClientConfig();
  const queue = useAdminQueue<FlagReview>('flags', FlagReviewsSchema, '/api/flags');
  const decisions = useQueuedDecisions(FLAG_KINDS);
  useRefreshWhenSettled(decisions, queue.refresh);
  const rows = queue.rows;
  const anyDecided = decisions.byItem.size > 0;

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="flags" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      {rows?.length === 0 && !anyDecided && <p className="admin-queue-line">{t('admin.flagged.empty')}</p>}
      {rows !== undefined && (rows.length > 0 || anyDecided) && <FlagsTable flags={rows} decisions={decisions} timeZone={region.timeZone} />}
    </div>
  );
}
