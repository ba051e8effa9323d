import { useMemo } from 'react';
import type { ContactItem } from '@allstall/shared';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT, type Translate } from '@/lib/i18n/use-t';
import { AdminDate } from '../shared/admin-date';
import { ActionButton } from '../shared/action-button';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import type { QueuedDecisions } from '../shared/use-queued-decisions';

type ContactColumn = 'username' | 'details' | 'date' | 'resolve';

/** A column of the table and its header's message id, in the order shown. */
export type ContactColumns = ReadonlyArray<readonly [ContactColumn, MessageId]>;

interface ContactMessagesTableProps {
  /** The table's caption, its name for screen readers and for the scroll area around it. */
  caption: string;
  columns: ContactColumns;
  items: readonly ContactItem[];
  decisions: QueuedDecisions;
  timeZone: string;
  onResolve(item: ContactItem): void;
}

/**
 * The messages sent through 'Contact Us!', one per row, each with 'Mark as resolved' until it is
 * resolved or a resolution is queued; shared by the Feedback tab and /admin/contact, which order
 * and name the columns differently.
 */
export function ContactMessagesTable({ caption, columns, items, decisions, timeZone, onResolve }: ContactMessagesTableProps) {
  const t = useT();
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const listed = useMemo(() => new Set(items.map((item) => item.id)), [items]);
  return (
    <AdminTable scrollAreaId={scrollAreaId} caption={caption} headers={columns.map(([, header]) => t(header))}>
      {items.map((item) => (
        <ContactRows key={item.id} item={item} columns={columns} decisions={decisions} timeZone={timeZone} onResolve={onResolve} toTable={toTable} />
      ))}
      <GoneItemRows decisions={decisions} listed={listed} columns={columns.length} returnFocusTo={toTable} />
    </AdminTable>
  );
}

interface ContactRowsProps extends Pick<ContactMessagesTableProps, 'columns' | 'decisions' | 'timeZone' | 'onResolve'> {
  item: ContactItem;
  toTable: FocusFallback;
}

/** A message's row and, while decisions about it are on the device, a second row saying where they stand. */
function ContactRows({ item, columns, decisions, timeZone, onResolve, toTable }: ContactRowsProps) {
  const t = useT();
  const queued = decisions.forItem(item.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(onItsWay, refused);
  const resolving = onItsWay !== undefined;
  return (
    <>
      <tr className={rowClass}>
        {columns.map(([column]) => (
          <ContactCell key={column} column={column} item={item} resolving={resolving} timeZone={timeZone} onResolve={onResolve} toTable={toTable} />
        ))}
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow
          rows={queued}
          itemName={contactItemName(t, item)}
          className={rowClass}
          columns={columns.length}
          dismiss={decisions.dismiss}
          returnFocusTo={toTable}
        />
      )}
    </>
  );
}

interface ContactCellProps extends Pick<ContactRowsProps, 'item' | 'timeZone' | 'onResolve' | 'toTable'> {
  column: ContactColumn;
  /** A resolution is on its way: the row already says 'Resolved!'. */
  resolving: boolean;
}

function ContactCell({ column, item, resolving, timeZone, onResolve, toTable }: ContactCellProps) {
  switch (column) {
    case 'username':
      return (
        <th scope="row" className="admin-table__name">
          {item.username}
        </th>
      );
    case 'details':
      return <td className="admin-table__text">{item.details}</td>;
    case 'date':
      return (
        <td>
          <AdminDate iso={item.inserted_at} timeZone={timeZone} />
        </td>
      );
    case 'resolve':
      return (
        <td>
          <ResolveCell item={item} resolving={resolving} onResolve={onResolve} toTable={toTable} />
        </td>
      );
  }
}

/** The words a row's buttons are named with: whose message, and how it starts. */
function contactItemName(t: Translate, item: Pick<ContactItem, 'username' | 'details'>): string {
  return t('admin.contact.itemName', { username: item.username, excerpt: contactExcerpt(item.details) });
}

const EXCERPT_LENGTH = 40;

/** The start of a message, enough to tell it apart from the sender's others. */
export function contactExcerpt(details: string): string {
  const text = details.trim().replace(/\s+/g, ' ');
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

function ResolveCell({ item, resolving, onResolve, toTable }: Pick<ContactCellProps, 'item' | 'resolving' | 'onResolve' | 'toTable'>) {
  const t = useT();
  if (resolving) return <span className="admin-table__done">{t('admin.contact.resolved')}</span>;
  if (item.resolved) {
    return (
      <>
        <span className="admin-table__done">{t('admin.contact.resolved')}</span>
        {item.resolved_by !== null && <span className="admin-table__by"> {t('admin.contact.resolvedBy', { name: item.resolved_by })}</span>}
      </>
    );
  }
  return <ActionButton label={t('admin.contact.markResolved')} name={contactItemName(t, item)} primary onClick={() => onResolve(item)} toTable={toTable} />;
}
