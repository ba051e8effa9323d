import { useDeviceOnline } from '@/hooks/use-device-online';
import { useT } from '@/lib/i18n/use-t';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import type { AdminQueueState } from './use-admin-queue';
import type { QueuedDecisions } from './use-queued-decisions';

/**
 * The line other writes add when they wait for a connection, for the decisions made in an admin
 * list. A live region that is always there, so the line is announced when it appears.
 */
export function OfflineDecisionsNote({ decisions, state }: { decisions: QueuedDecisions; state: AdminQueueState }) {
  const t = useT();
  const waiting = [...decisions.byItem.values()].some((rows) => rows.some(rowIsOnItsWay));
  const online = useDeviceOnline();
  const offline = state === 'offline' || !online;
  return (
    <p className="admin-queue-line admin-offline-note" role="status">
      {waiting && offline ? t('writes.offlineNote') : ''}
    </p>
  );
}
