import { useState } from 'react';
import type { FlagDecisionBody, FlagReview } from '@allstall/shared';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { useWrite } from '@/components/use-write';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';
import { ActionButton } from '../shared/action-button';
import { adminAlert } from '../shared/admin-alerts';
import { AdminDate } from '../shared/admin-date';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { FlagReviewDialog } from './flag-review-dialog';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import type { QueuedDecisions } from '../shared/use-queued-decisions';

const COLUMNS: readonly MessageId[] = [
  'admin.flagged.column.flaggedBy',
  'admin.flagged.column.dateFlagged',
  'admin.column.name',
  'admin.column.street',
  'admin.column.city',
  'admin.flagged.review',
];

interface FlagsTableProps {
  flags: readonly FlagReview[];
  decisions: QueuedDecisions;
  timeZone: string;
}

/**
 * 'Flagged Bathrooms': each open flag, reviewed in its dialog. A decision shows in its row at once;
 * one about a flag the list no longer holds stays below until dismissed.
 */
export function FlagsTable({ flags, decisions, timeZone }: FlagsTableProps) {
  const t = useT();
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const [reviewing, setReviewing] = useState<FlagReview | null>(null);
  const approval = useWrite({ success: { ...adminAlert(t, 'flagApproved'), returnFocusTo: toTable }, failure: adminAlert(t, 'flagFailed') });
  const rejection = useWrite({ success: { ...adminAlert(t, 'flagRejected'), returnFocusTo: toTable }, failure: adminAlert(t, 'flagFailed') });
  const listed = new Set(flags.map((flag) => flag.id));

  const decide = (flag: FlagReview, decision: FlagDecisionBody) => {
    const submission = decision.status === 'approved' ? approval : rejection;
    const write = { kind: 'flag-decision', body: { flag_id: flag.id, name: flag.original.name, decision } } as const;
    void submission.submit(write, { onQueued: () => setReviewing(null), onGuest: () => setReviewing(null) });
  };

  return (
    <>
      <AdminTable scrollAreaId={scrollAreaId} caption={t('admin.flagged.caption')} headers={COLUMNS.map((column) => t(column))}>
        {flags.map((flag) => (
          <FlagRows key={flag.id} flag={flag} decisions={decisions} timeZone={timeZone} onReview={setReviewing} toTable={toTable} />
        ))}
        <GoneItemRows decisions={decisions} listed={listed} columns={COLUMNS.length} returnFocusTo={toTable} />
      </AdminTable>
      {reviewing && (
        <FlagReviewDialog
          flag={reviewing}
          onDecide={(decision) => decide(reviewing, decision)}
          onClose={() => setReviewing(null)}
          returnFocusTo={toTable}
        />
      )}
    </>
  );
}

interface FlagRowsProps {
  flag: FlagReview;
  decisions: QueuedDecisions;
  timeZone: string;
  onReview: (flag: FlagReview) => void;
  toTable: FocusFallback;
}

/** A flag's row, done with once a decision about it waits, and a second row for its decisions on the device. */
function FlagRows({ flag, decisions, timeZone, onReview, toTable }: FlagRowsProps) {
  const t = useT();
  const queued = decisions.forItem(flag.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(onItsWay, refused);
  const { name, street, city } = flag.original;
  return (
    <>
      <tr className={rowClass}>
        <td>{flag.username}</td>
        <td>
          <AdminDate iso={flag.created_at} timeZone={timeZone} />
        </td>
        <th scope="row" className="admin-table__name">
          {name}
        </th>
        <td>{street}</td>
        <td>{city}</td>
        <td>{onItsWay ? null : <ActionButton label={t('admin.flagged.review')} name={t('admin.flagged.reviewFor', { name })} onClick={() => onReview(flag)} toTable={toTable} />}</td>
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow rows={queued} itemName={name} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}
