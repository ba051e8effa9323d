import { useMemo } from 'react';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';
import { AdminDate } from '../shared/admin-date';
import { ActionButton } from '../shared/action-button';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import { decidedLastAdminProblem, type DecidedUser } from './users-as-decided';
import type { QueuedDecisions } from '../shared/use-queued-decisions';

const COLUMNS: readonly MessageId[] = [
  'admin.users.column.username',
  'admin.users.column.admin',
  'admin.users.column.joined',
  'admin.users.column.role',
  'admin.action.delete',
];

export interface UsersTableProps {
  /** Every account, with the admin's queued decisions already applied. */
  users: readonly DecidedUser[];
  /** The signed-in admin, whose own row says '(you)'. */
  selfId: string | null;
  decisions: QueuedDecisions;
  timeZone: string;
  onRoleChange(user: DecidedUser, isAdmin: boolean, returnFocusTo: FocusFallback): void;
  onDelete(user: DecidedUser, returnFocusTo: FocusFallback): void;
}

/** Every account with its role and join date, and the buttons to change the role or delete it. */
export function UsersTable(props: UsersTableProps) {
  const t = useT();
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const { users, decisions } = props;
  const listed = useMemo(() => new Set(users.map((user) => user.id)), [users]);
  const someoneIsLastAdmin = users.some((user) => user.is_admin && decidedLastAdminProblem(users, user, 'demote') !== null);
  return (
    <>
      {/* Shown when one account is the only admin; that row offers neither button. */}
      {someoneIsLastAdmin && <p className="admin-queue-line">{t('admin.users.lastAdminNote')}</p>}
      <AdminTable scrollAreaId={scrollAreaId} caption={t('admin.users.caption')} headers={COLUMNS.map((column) => t(column))}>
        {users.map((user) => (
          <UserRows key={user.id} user={user} toTable={toTable} {...props} />
        ))}
        <GoneItemRows decisions={decisions} listed={listed} columns={COLUMNS.length} returnFocusTo={toTable} />
      </AdminTable>
    </>
  );
}

/** An account's row and, while decisions about it are on the device, a second row saying where they stand. */
function UserRows({ user, users, selfId, decisions, timeZone, onRoleChange, onDelete, toTable }: UsersTableProps & { user: DecidedUser; toTable: FocusFallback }) {
  const t = useT();
  const queued = decisions.forItem(user.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(onItsWay, refused);
  const name = user.id === selfId ? t('admin.users.you', { username: user.username }) : user.username;
  // While a decision waits, its note's Undo is the way back; a second decision would only pile up.
  const canDecide = onItsWay === undefined;
  const demoteProblem = user.is_admin ? decidedLastAdminProblem(users, user, 'demote') : null;
  const deleteProblem = decidedLastAdminProblem(users, user, 'delete');
  const roleLabel = t(user.is_admin ? 'admin.users.removeAdmin' : 'admin.users.makeAdmin');
  return (
    <>
      <tr className={rowClass}>
        <th scope="row" className="admin-table__name">
          {name}
        </th>
        <td>{user.is_admin ? t('admin.users.isAdmin') : ''}</td>
        <td>
          <AdminDate iso={user.inserted_at} timeZone={timeZone} />
        </td>
        <td>
          {demoteProblem !== null ? (
            <span className="admin-table__muted">{t('admin.users.lastAdmin')}</span>
          ) : (
            canDecide && <ActionButton label={roleLabel} name={name} onClick={() => onRoleChange(user, !user.is_admin, toTable)} toTable={toTable} />
          )}
        </td>
        <td>
          {deleteProblem !== null ? (
            <span className="admin-table__muted">{t('admin.users.lastAdmin')}</span>
          ) : (
            canDecide && <ActionButton label={t('admin.action.delete')} name={name} danger onClick={() => onDelete(user, toTable)} toTable={toTable} />
          )}
        </td>
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow rows={queued} itemName={user.username} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}
