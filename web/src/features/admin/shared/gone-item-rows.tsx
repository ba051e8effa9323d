import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { rowIsOnItsWay } from '@/lib/outbox/queued-writes';
import { DecisionNotesRow } from './admin-table';
import { decisionItemName, type DecisionRow } from './queued-decisions';
import type { QueuedDecisions } from './use-queued-decisions';

interface GoneItemRowsProps {
  decisions: QueuedDecisions;
  /** The items the table lists; decisions about any other are shown here. */
  listed: ReadonlySet<string>;
  /** Whether a decision belongs in this table (the same kinds serve several screens); every one by default. */
  belongs?: (row: DecisionRow) => boolean;
  columns: number;
  returnFocusTo: FocusFallback;
}

/**
 * Decisions about items the list no longer holds: another admin decided or deleted the item, so the
 * reloaded list dropped it while this admin's decision about it was still on the device. Each
 * stays in view, by the name kept in the write ("Already handled by River."), until dismissed.
 */
export function GoneItemRows({ decisions, listed, belongs = anyDecision, columns, returnFocusTo }: GoneItemRowsProps) {
  const gone = [...decisions.byItem].flatMap(([itemId, rows]) => {
    const shown = rows.filter(belongs);
    const newest = shown.at(-1);
    return listed.has(itemId) || newest === undefined ? [] : [{ itemId, rows: shown, name: decisionItemName(newest) }];
  });
  return gone.map(({ itemId, rows, name }) => {
    const rowClass = rows.every(rowIsOnItsWay) ? 'admin-row--queued' : 'admin-row--failed';
    return (
      <GoneItem key={itemId} name={name} rows={rows} rowClass={rowClass} columns={columns} decisions={decisions} returnFocusTo={returnFocusTo} />
    );
  });
}

const anyDecision = () => true;

interface GoneItemProps extends Pick<GoneItemRowsProps, 'columns' | 'decisions' | 'returnFocusTo'> {
  name: string;
  rows: DecisionRow[];
  rowClass: string;
}

function GoneItem({ name, rows, rowClass, columns, decisions, returnFocusTo }: GoneItemProps) {
  return (
    <>
      <tr className={rowClass}>
        <th scope="row" colSpan={columns} className="admin-table__name">
          {name}
        </th>
      </tr>
      <DecisionNotesRow rows={rows} itemName={name} className={rowClass} columns={columns} dismiss={decisions.dismiss} returnFocusTo={returnFocusTo} />
    </>
  );
}
