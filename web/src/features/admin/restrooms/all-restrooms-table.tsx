import type { Restroom } from '@allstall/shared';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import { ActionButton } from '../shared/action-button';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import { restroomAsDecided } from '../shared/restroom-as-decided';
import { restroomStatusWords } from './restroom-filter';
import type { QueuedDecisions } from '../shared/use-queued-decisions';
import { useRestroomDecisions, type RestroomDecisions } from '../shared/use-restroom-decisions';

const COLUMNS: readonly MessageId[] = [
  'admin.column.name',
  'admin.column.street',
  'admin.column.city',
  'admin.restrooms.column.status',
  'admin.restrooms.column.display',
  'admin.restrooms.deleteFromDatabase',
];

interface AllRestroomsTableProps {
  /** The rows to draw (filtered). */
  restrooms: readonly Restroom[];
  /** Every restroom loaded: a decision about any other one is about a restroom gone from the list. */
  loadedIds: ReadonlySet<string>;
  decisions: QueuedDecisions;
}

/** /admin/editbathrooms: every restroom, each with 'Remove from display' (or 'Show again') and 'Delete from database'. */
export function AllRestroomsTable({ restrooms, loadedIds, decisions }: AllRestroomsTableProps) {
  const t = useT();
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const actions = useRestroomDecisions(toTable);
  return (
    <AdminTable scrollAreaId={scrollAreaId} caption={t('admin.restrooms.caption')} headers={COLUMNS.map((column) => t(column))}>
      {restrooms.map((restroom) => (
        <RestroomRows key={restroom.id} restroom={restroom} decisions={decisions} actions={actions} toTable={toTable} />
      ))}
      <GoneItemRows decisions={decisions} listed={loadedIds} columns={COLUMNS.length} returnFocusTo={toTable} />
    </AdminTable>
  );
}

interface RestroomRowsProps {
  restroom: Restroom;
  decisions: QueuedDecisions;
  actions: RestroomDecisions;
  toTable: FocusFallback;
}

function RestroomRows({ restroom: loaded, decisions, actions, toTable }: RestroomRowsProps) {
  const t = useT();
  const queued = decisions.forItem(loaded.id);
  const { restroom } = restroomAsDecided(loaded, queued);
  const { onItsWay, refused } = itemDecisions(queued);
  const deleting = queued.some((row) => row.kind === 'restroom-delete' && rowIsOnItsWay(row));
  const rowClass = decisionRowClass(onItsWay, refused);
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
                <ActionButton label={t('admin.restrooms.showAgain')} name={name} onClick={() => void actions.decide(restroom, { is_removed: false })} toTable={toTable} />
              ) : (
                <ActionButton label={t('admin.restrooms.removeFromDisplay')} name={name} onClick={() => void actions.remove(restroom)} toTable={toTable} />
              )}
            </td>
            <td>
              <ActionButton label={t('admin.restrooms.deleteFromDatabase')} name={name} danger onClick={() => void actions.deleteForGood(restroom)} toTable={toTable} />
            </td>
          </>
        )}
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow rows={queued} itemName={name} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}
