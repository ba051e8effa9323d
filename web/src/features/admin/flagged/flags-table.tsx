import { useState } from 'react';
import { dateFormatShortUs, type FlagDecisionBody, type FlagReview } from '@allstall/shared';
import type { FocusFallback } from '../../../hooks/use-focus-rescue';
import { useWriteSubmission } from '../../../hooks/use-write-submission';
import { ActionButton } from '../shared/action-button';
import { ADMIN_ALERTS } from '../shared/admin-alerts';
import { AdminTable, DecisionNotesRow, useAdminTableFocus } from '../shared/admin-table';
import { FlagReviewDialog } from './flag-review-dialog';
import { GoneItemRows } from '../shared/gone-item-rows';
import { decisionRowClass, itemDecisions } from '../shared/item-decisions';
import type { QueuedDecisions } from '../shared/use-queued-decisions';

const COLUMNS = ['Flagged by', 'Date flagged', 'Name', 'Street', 'City', 'Review suggested edits'];

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
  const { scrollAreaId, toTable } = useAdminTableFocus();
  const [reviewing, setReviewing] = useState<FlagReview | null>(null);
  const approval = useWriteSubmission({ success: { ...ADMIN_ALERTS.flagApproved, returnFocusTo: toTable }, failure: ADMIN_ALERTS.flagFailed });
  const rejection = useWriteSubmission({ success: { ...ADMIN_ALERTS.flagRejected, returnFocusTo: toTable }, failure: ADMIN_ALERTS.flagFailed });
  const listed = new Set(flags.map((flag) => flag.id));

  const decide = (flag: FlagReview, decision: FlagDecisionBody) => {
    const submission = decision.status === 'approved' ? approval : rejection;
    const write = { kind: 'flag-decision', body: { flag_id: flag.id, name: flag.original.name, decision } } as const;
    void submission.submit(write, { onQueued: () => setReviewing(null), onGuest: () => setReviewing(null) });
  };

  return (
    <>
      <AdminTable scrollAreaId={scrollAreaId} caption="Flagged bathrooms" headers={COLUMNS}>
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
  const queued = decisions.forItem(flag.id);
  const { onItsWay, refused } = itemDecisions(queued);
  const rowClass = decisionRowClass(onItsWay, refused);
  const { name, street, city } = flag.original;
  return (
    <>
      <tr className={rowClass}>
        <td>{flag.username}</td>
        <td>
          <time dateTime={flag.created_at}>{dateFormatShortUs(flag.created_at, timeZone)}</time>
        </td>
        <th scope="row" className="admin-table__name">
          {name}
        </th>
        <td>{street}</td>
        <td>{city}</td>
        <td>{onItsWay ? null : <ActionButton label="Review suggested edits" name={`for ${name}`} onClick={() => onReview(flag)} toTable={toTable} />}</td>
      </tr>
      {queued.length > 0 && (
        <DecisionNotesRow rows={queued} itemName={name} className={rowClass} columns={COLUMNS.length} dismiss={decisions.dismiss} returnFocusTo={toTable} />
      )}
    </>
  );
}
