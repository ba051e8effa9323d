import { useId, useMemo } from 'react';
import { dateFormatShortUs } from '@allstall/shared';
import { useFocusRescue, type FocusFallback } from '../../hooks/use-focus-rescue';
import { DecisionNote } from './decision-note';
import { GoneItemRows } from './gone-item-rows';
import { itemDecisions } from './item-decisions';
import { decidedLastAdminProblem, type DecidedUser } from './users-as-decided';
import type { QueuedDecisions } from './use-queued-decisions';

/** Shown above the table when one account is the only admin; that row offers neither button. */
export const LAST_ADMIN_NOTE = 'The last admin cannot stop being an admin or be deleted. Make someone else an admin first.';

const COLUMN_COUNT = 5;
const anyDecision = () => true;

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
  const scrollAreaId = useId();
  // A row's buttons come and go with its decisions; focus then stays in the table.
  const toTable: FocusFallback = () => document.getElementById(scrollAreaId);
  const { users, decisions } = props;
  const listed = useMemo(() => new Set(users.map((user) => user.id)), [users]);
  const someoneIsLastAdmin = users.some((user) => user.is_admin && decidedLastAdminProblem(users, user, 'demote') !== null);
  return (
    <>
      {someoneIsLastAdmin && <p className="admin-queue-line">{LAST_ADMIN_NOTE}</p>}
      <div id={scrollAreaId} className="admin-table-scroll" role="region" aria-label="Users" tabIndex={0}>
        <table className="admin-table">
          <caption className="sr-only">Users</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Admin</th>
              <th scope="col">Joined</th>
              <th scope="col">Role</th>
              <th scope="col">Delete</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRows key={user.id} user={user} toTable={toTable} {...props} />
            ))}
            <GoneItemRows decisions={decisions} listed={listed} belongs={anyDecision} columns={COLUMN_COUNT} returnFocusTo={toTable} />
          </tbody>
        </table>
      </div>
    </>
  );
}

/** An account's row and, while decisions about it are on the device, a second row saying where they stand. */
function UserRows({ user, users, selfId, decisions, timeZone, onRoleChange, onDelete, toTable }: UsersTableProps & { user: DecidedUser; toTable: FocusFallback }) {
  const rescueFocus = useFocusRescue(toTable);
  const queued = decisions.forItem(user.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = onItsWay ? 'admin-row--queued' : refused.length > 0 ? 'admin-row--failed' : undefined;
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
            canDecide && (
              <button
                ref={rescueFocus}
                type="button"
                className="button button--secondary button--small"
                aria-label={`${roleLabel} ${name}`}
                onClick={() => onRoleChange(user, !user.is_admin, toTable)}
              >
                {roleLabel}
              </button>
            )
          )}
        </td>
        <td>
          {deleteProblem !== null ? (
            <span className="admin-table__muted">Last admin</span>
          ) : (
            canDecide && (
              <button
                ref={rescueFocus}
                type="button"
                className="button button--danger button--small"
                aria-label={`Delete ${name}`}
                onClick={() => onDelete(user, toTable)}
              >
                Delete
              </button>
            )
          )}
        </td>
      </tr>
      {queued.length > 0 && (
        <tr className={rowClass}>
          <td colSpan={COLUMN_COUNT} className="admin-row__note-cell">
            {queued.map((row) => (
              <DecisionNote key={row.id} row={row} itemName={user.username} dismiss={decisions.dismiss} returnFocusTo={toTable} />
            ))}
          </td>
        </tr>
      )}
    </>
  );
}
