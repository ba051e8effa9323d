import { useMemo } from 'react';
import { useConfirm } from '@/components/dialog-provider';
import { useCurrentUser } from '@/hooks/use-current-user';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { AdminListStatus } from '../shared/admin-list-status';
import { DecisionStatusLine } from '../shared/decision-status-line';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { useAdminList } from '../shared/use-admin-list';
import { useQueueDecision } from '../shared/use-queue-decision';
import { userAsDecided, type DecidedUser } from './users-as-decided';
import { UsersTable } from './users-table';



/** The admin's 'Users' tab: every account, making and unmaking admins, and deleting accounts. */
export function UsersTab() {
  const { t, timeZone, queue, decisions, status } = useAdminList('users');
  const { user: self } = useCurrentUser();
  // Decisions about accounts the list no longer holds still show, in the table.
  const decidedHere = decisions.byItem.size > 0;
  const queueDecision = useQueueDecision(status.reports);
  const confirm = useConfirm();
  const users = useMemo(() => queue.rows?.map((user) => userAsDecided(user, decisions.forItem(user.id))), [queue.rows, decisions]);
  const selfId = self?.id ?? null;

  const changeRole = async (user: DecidedUser, isAdmin: boolean, returnFocusTo: FocusFallback) => {
    if (!isAdmin && user.id === selfId) {
      // Said before an admin takes their own admin pages away.
      const sure = await confirm({
        subject: t('admin.confirm.removeAdmin', { username: user.username }),
        text: t('admin.users.demoteSelf'),
        confirmLabel: t('admin.users.removeAdmin'),
        returnFocusTo,
      });
      if (!sure) return;
    }
    await queueDecision({ kind: 'user-role', body: { user_id: user.id, username: user.username, is_admin: isAdmin } });
  };

  const deleteUser = async (user: DecidedUser, returnFocusTo: FocusFallback) => {
    // The spec's words for a deletion that cannot be taken back, naming the account; one's own is
    // said plainly (deleting it signs the admin out everywhere).
    const subject = t('admin.confirm.deleteUser', { username: user.username });
    const sure = await confirm(user.id === selfId ? { subject, text: t('admin.users.deleteSelf'), returnFocusTo } : { subject, returnFocusTo });
    if (sure) await queueDecision({ kind: 'user-delete', body: { user_id: user.id, username: user.username } });
  };

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="users" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      <DecisionStatusLine status={status}>
        {users?.length === 0 && !decidedHere && <p className="admin-queue-line">{t('admin.users.empty')}</p>}
        {users !== undefined && (users.length > 0 || decidedHere) && (
          <UsersTable
            users={users}
            selfId={selfId}
            decisions={decisions}
            timeZone={timeZone}
            onRoleChange={(user, isAdmin, returnFocusTo) => void changeRole(user, isAdmin, returnFocusTo)}
            onDelete={(user, returnFocusTo) => void deleteUser(user, returnFocusTo)}
          />
        )}
      </DecisionStatusLine>
    </div>
  );
}
