import { useMemo } from 'react';
import { dateFormatShortUs } from '@allstall/shared';
import type { FocusFallback } from '../../../hooks/use-focus-rescue';
import { ActionButton } from '../shared/action-button';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import { decidedLastAdminProblem, type DecidedUser } from './users-as-decided';
import type { QueuedDecisions } from '../shared/use-queued-decisions';

/** Shown above the table when one account is the only admin; that row offers neither button. */
export const LAST_ADMIN_NOTE = 'The last admin cannot stop being an admin or be deleted. Make someone else an admin first.';

const COLUMNS = ['Username', 'Admin', 'Joined', 'Role', 'Delete'];

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
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const { users, decisions } = props;
  const listed = useMemo(() => new Set(users.map((user) => user.id)), [users]);
  const someoneIsLastAdmin = users.some((user) => user.is_admin && decidedLastAdminProblem(users, user, 'demote') !== null);
  return (
    <>
      {someoneIsLastAdmin && <p className="admin-queue-line">{LAST_ADMIN_NOTE}</p>}
      <AdminTable scrollAreaId={scrollAreaId} caption="Users" headers={COLUMNS}>
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
  const queued = decisions.forItem(user.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(onItsWay, refused);
  const name = user.id === selfId ? `${user.username} (you)` : user.username;
  // While a decision waits, its note's Undo is the way back; a second decision would only pile up.
  const canDecide = onItsWay === undefined;
  const demoteProblem = user.is_admin ? decidedLastAdminProblem(users, user, 'demote') : null;
  const deleteProblem = decidedLastAdminProblem(users, user, 'delete');
  const roleLabel = user.is_admin ? 'Remove admin' : 'Make admin';
  return (
    <>
      <tr className={rowClass}>
        <th scope="row" className="admin-table__name">
          {name}
        </th>
        <td>{user.is_admin ? 'Yes' : ''}</td>
        <td>
          <time dateTime={user.inserted_at}>{dateFormatShortUs(user.inserted_at, timeZone)}</time>
        </td>
        <td>
          {demoteProblem !== null ? (
            <span className="admin-table__muted">Last admin</span>
          ) : (
            canDecide && <ActionButton label={roleLabel} name={name} onClick={() => onRoleChange(user, !user.is_admin, toTable)} toTable={toTable} />
          )}
        </td>
        <td>
          {deleteProblem !== null ? (
            <span className="admin-table__muted">Last admin</span>
          ) : (
            canDecide && <ActionButton label="Delete" name={name} danger onClick={() => onDelete(user, toTable)} toTable={toTable} />
          )}
        </td>
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow rows={queued} itemName={user.username} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}
