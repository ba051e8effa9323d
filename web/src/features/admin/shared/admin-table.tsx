import { useId, type CSSProperties, type ReactNode } from 'react';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { DecisionNote } from './decision-note';
import type { DecisionRow } from './queued-decisions';
import type { QueuedDecisions } from './use-queued-decisions';

export interface AdminTableFocus {
  /** The id of the table's scroll area. */
  scrollAreaId: string;
  /** A row's buttons come and go with its decisions; focus then stays in the table. */
  toTable: FocusFallback;
}

export function useAdminTableFocus(): AdminTableFocus {
  const scrollAreaId = useId();
  return { scrollAreaId, toTable: () => document.getElementById(scrollAreaId) };
}

interface AdminTableProps {
  scrollAreaId: string;
  /** Names the table and its scroll area for screen readers. */
  caption: string;
  headers: readonly string[];
  /** The rows. */
  children: ReactNode;
}

/**
 * The column headers as CSS custom properties (`--column-1: "Added by"`), so on a phone each row can
 * be drawn as a card whose cells carry their own labels (admin.css), whatever re-renders a row.
 */
function columnLabels(headers: readonly string[]): CSSProperties {
  return Object.fromEntries(headers.map((header, index) => [`--column-${index + 1}`, JSON.stringify(header)])) as CSSProperties;
}

/**
 * An admin list's table, in a focusable area. On a phone each row becomes a card with labelled
 * cells, so an admin on the bus reaches Approve without scrolling sideways.
 */
export function AdminTable({ scrollAreaId, caption, headers, children }: AdminTableProps) {
  return (
    <div id={scrollAreaId} className="admin-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table" style={columnLabels(headers)}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

interface DecisionNotesRowProps {
  rows: readonly DecisionRow[];
  /** Names the item in the notes' buttons: "Undo Quiet Library". */
  itemName: string;
  className: string | undefined;
  columns: number;
  dismiss: QueuedDecisions['dismiss'];
  returnFocusTo: FocusFallback;
}

/** The second row under an item: each of its decisions still on the device, with Undo or Dismiss. */
export function DecisionNotesRow({ rows, itemName, className, columns, dismiss, returnFocusTo }: DecisionNotesRowProps) {
  return (
    <tr className={className}>
      <td colSpan={columns} className="admin-row__note-cell">
        {rows.map((row) => (
          <DecisionNote key={row.id} row={row} itemName={itemName} dismiss={dismiss} returnFocusTo={returnFocusTo} />
        ))}
      </td>
    </tr>
  );
}
