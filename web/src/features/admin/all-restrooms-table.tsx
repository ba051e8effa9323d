import { useId } from 'react';
import type { Restroom } from '@allstall/shared';
import type { FocusFallback } from '../../hooks/use-focus-rescue';
import { rowIsOnItsWay } from '../../lib/queued-writes';
import { ActionButton } from './action-button';
import { DecisionNote } from './decision-note';
import { GoneItemRows } from './gone-item-rows';
import { itemDecisions } from './item-decisions';
import { restroomAsDecided } from './restroom-as-decided';
import { restroomStatusWords } from './restroom-filter';
import type { QueuedDecisions } from './use-queued-decisions';
import { useRestroomDecisions, type RestroomDecisions } from './use-restroom-decisions';

const COLUMNS = ['Name', 'Street', 'City', 'Status', 'Display', 'Delete from database'];
const anyDecision = () => true;

interface AllRestroomsTableProps {
  /** The rows to draw (filtered). */
  restrooms: readonly Restroom[];
  /** Every restroom loaded: a decision about any other one is about a restroom gone from the list. */
  loadedIds: ReadonlySet<string>;
  decisions: QueuedDecisions;
}

/** /admin/editbathrooms: every restroom, each with 'Remove from display' (or 'Show again') and 'Delete from database'. */
export function AllRestroomsTable({ restrooms, loadedIds, decisions }: AllRestroomsTableProps) {
  const scrollAreaId = useId();
  const toTable: FocusFallback = () => document.getElementById(scrollAreaId);
  const actions = useRestroomDecisions(toTable);
  return (
    <div id={scrollAreaId} className="admin-table-scroll" role="region" aria-label="All bathrooms" tabIndex={0}>
      <table className="admin-table">
        <caption className="sr-only">All bathrooms</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {restrooms.map((restroom) => (
            <RestroomRows key={restroom.id} restroom={restroom} decisions={decisions} actions={actions} toTable={toTable} />
          ))}
          <GoneItemRows decisions={decisions} listed={loadedIds} belongs={anyDecision} columns={COLUMNS.length} returnFocusTo={toTable} />
        </tbody>
      </table>
    </div>
  );
}

interface RestroomRowsProps {
  restroom: Restroom;
  decisions: QueuedDecisions;
  actions: RestroomDecisions;
  toTable: FocusFallback;
}

function RestroomRows({ restroom: loaded, decisions, actions, toTable }: RestroomRowsProps) {
  const queued = decisions.forItem(loaded.id);
  const { restroom } = restroomAsDecided(loaded, queued);
  const { onItsWay, refused } = itemDecisions(queued);
  const deleting = queued.some((row) => row.kind === 'restroom-delete' && rowIsOnItsWay(row));
  const rowClass = onItsWay ? 'admin-row--queued' : refused.length > 0 ? 'admin-row--failed' : undefined;
  const { name } = restroom;
  return (
    <>
      <tr className={rowClass}>
        <th scope="row" className="admin-table__name">
          {name}
        </th>
        <td>{restroom.street}</td>
        <td>{restroom.city}</td>
        <td>{restroomStatusWords(restroom)}</td>
        {deleting ? (
          <td colSpan={2} />
        ) : (
          <>
            <td>
              {restroom.is_removed ? (
                <ActionButton label="Show again" name={name} onClick={() => void actions.decide(restroom, { is_removed: false })} toTable={toTable} />
              ) : (
                <ActionButton label="Remove from display" name={name} onClick={() => void actions.remove(restroom)} toTable={toTable} />
              )}
            </td>
            <td>
              <ActionButton label="Delete from database" name={name} danger onClick={() => void actions.deleteForGood(restroom)} toTable={toTable} />
            </td>
          </>
        )}
      </tr>
      {queued.length > 0 && (
        <tr className={rowClass}>
          <td colSpan={COLUMNS.length} className="admin-row__note-cell">
            {queued.map((row) => (
              <DecisionNote key={row.id} row={row} itemName={name} dismiss={decisions.dismiss} returnFocusTo={toTable} />
            ))}
          </td>
        </tr>
      )}
    </>
  );
}
