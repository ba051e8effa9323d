import { useId, useState } from 'react';
import { hoursLineText, type PendingRestroom } from '@allstall/shared';
import { AccessWords, AmenityIcons, FeeWords } from '@/components/amenities';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import type { MessageId } from '@/lib/i18n/message-id';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';
import { AdminDate } from '../shared/admin-date';
import { ActionButton } from '../shared/action-button';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { EditRestroomDialog } from './edit-restroom-dialog';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import { decidesReview, restroomAsDecided } from '../shared/restroom-as-decided';
import type { QueuedDecisions } from '../shared/use-queued-decisions';
import { useRestroomDecisions, type RestroomDecisions } from '../shared/use-restroom-decisions';

const COLUMNS: readonly MessageId[] = [
  'admin.approve.column.addedBy',
  'admin.approve.column.dateAdded',
  'admin.approve.column.name',
  'admin.column.street',
  'admin.column.city',
  'admin.approve.column.amenities',
  'admin.action.delete',
  'admin.action.edit',
  'admin.action.approve',
];

interface PendingTableProps {
  restrooms: readonly PendingRestroom[];
  decisions: QueuedDecisions;
  timeZone: string;
}

/**
 * 'Approve Bathrooms': each restroom awaiting review with Delete (and Reject), Edit and Approve. A
 * decision shows in its row at once, before it is sent; one about a restroom the list no longer
 * holds stays below until dismissed.
 */
export function PendingTable({ restrooms, decisions, timeZone }: PendingTableProps) {
  const t = useT();
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const actions = useRestroomDecisions(toTable);
  const [editing, setEditing] = useState<PendingRestroom | null>(null);
  const listed = new Set(restrooms.map((restroom) => restroom.id));
  return (
    <>
      <AdminTable scrollAreaId={scrollAreaId} caption={t('admin.approve.caption')} headers={COLUMNS.map((column) => t(column))}>
        {restrooms.map((restroom) => (
          <PendingRows
            key={restroom.id}
            restroom={restroom}
            decisions={decisions}
            timeZone={timeZone}
            actions={actions}
            onEdit={setEditing}
            toTable={toTable}
          />
        ))}
        <GoneItemRows decisions={decisions} listed={listed} belongs={decidesReview} columns={COLUMNS.length} returnFocusTo={toTable} />
      </AdminTable>
      {editing && (
        <EditRestroomDialog
          restroom={editing}
          onSave={(decision) => actions.decide(editing, decision)}
          onClose={() => setEditing(null)}
          returnFocusTo={toTable}
        />
      )}
    </>
  );
}

interface PendingRowsProps {
  restroom: PendingRestroom;
  decisions: QueuedDecisions;
  timeZone: string;
  actions: RestroomDecisions;
  onEdit: (restroom: PendingRestroom) => void;
  toTable: FocusFallback;
}

/**
 * A restroom's row as the admin's waiting edits leave it, a row under it for what its adder said
 * ('Comment and hours'), and one for its decisions still on the device.
 */
function PendingRows({ restroom: listed, decisions, timeZone, actions, onEdit, toTable }: PendingRowsProps) {
  const t = useT();
  const queued = decisions.forItem(listed.id).filter(decidesReview);
  const { restroom, settledBy } = restroomAsDecided(listed, queued);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(settledBy, refused);
  const name = restroom.name;
  const nameId = useId();
  return (
    <>
      <tr className={rowClass ? `${rowClass} pending-table__listing` : 'pending-table__listing'}>
        <td>{restroom.username ?? '—'}</td>
        <td>
          <AdminDate iso={restroom.created_at} timeZone={timeZone} />
        </td>
        <th scope="row" id={nameId} className="admin-table__name">
          {name}
        </th>
        <td>{restroom.street}</td>
        <td>{restroom.city}</td>
        <td>
          {/* One box: on a phone the cell is a grid of its label and a single value. */}
          <div>
            <AmenityIcons restroom={restroom} />
            <AccessWords access={restroom.access} />
            <FeeWords fee={restroom.fee} />
          </div>
        </td>
        {settledBy ? (
          <td colSpan={3} />
        ) : (
          <>
            <td>
              <span className="pending-table__buttons">
                <ActionButton label={t('admin.action.delete')} name={name} danger onClick={() => void actions.deleteForGood(restroom)} toTable={toTable} />
                <ActionButton label={t('admin.action.reject')} name={name} onClick={() => void actions.decide(restroom, { status: 'rejected' })} toTable={toTable} />
              </span>
            </td>
            <td>
              <ActionButton label={t('admin.action.edit')} name={name} onClick={() => onEdit(restroom)} toTable={toTable} />
            </td>
            <td>
              <ActionButton label={t('admin.action.approve')} name={name} primary onClick={() => void actions.decide(restroom, { status: 'approved' })} toTable={toTable} />
            </td>
          </>
        )}
      </tr>
      {/* The row's full width, under the listing: a column of its own would push Approve out of view at 1024 px. */}
      <tr className={rowClass}>
        <td colSpan={COLUMNS.length} headers={nameId} className="pending-table__details-cell">
          <SubmittedDetails restroom={restroom} />
        </td>
      </tr>
      {(onItsWay || refused.length > 0) && (
        <DecisionNotesRow rows={queued} itemName={name} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}

/**
 * What the adder told us beyond the listing's fields: their comment (public once approved), their
 * note for admins and the hours, in the words the detail page's hours use. Every text is drawn as
 * text, never as markup or links: it comes from a person and is not reviewed yet.
 */
function SubmittedDetails({ restroom }: { restroom: PendingRestroom }) {
  const t = useT();
  const locale = useIntlLocale();
  const hours = hoursLineText(restroom.hours, { locale, closed: t('hours.closed'), allDay: t('hours.allDay'), unknown: t('hours.unknown') });
  return (
    <div className="pending-table__details" aria-label={t('admin.approve.details')} role="group">
      {restroom.adder_comment && <p className="pending-table__comment">{t('admin.approve.publicComment', { comment: restroom.adder_comment })}</p>}
      {restroom.admin_comment && <p className="pending-table__comment admin-table__muted">{t('admin.approve.comment', { comment: restroom.admin_comment })}</p>}
      <p>{t('admin.approve.hours', { hours })}</p>
    </div>
  );
}
