import { useAlert } from '@/components/dialog-provider';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { useT } from '@/lib/i18n/use-t';
import { useDecisionReports } from './decision-status-line';
import { decisionNote, type DecisionRow } from './queued-decisions';

interface DecisionNoteProps {
  row: DecisionRow;
  /** Names the item in the button: "Dismiss Quiet Library". */
  itemName: string;
  dismiss: (rowId: string) => Promise<boolean>;
  /** Where focus goes once the note (and its button) is gone. */
  returnFocusTo?: FocusFallback | undefined;
}

/**
 * An admin's decision on one item that is still on this device, for the item's row: the server's
 * refusal in its own words ("Already handled by River.") with 'Dismiss', which drops the decision,
 * or, while it waits, what it will do ("Approved — Not sent yet") with 'Undo'.
 */
export function DecisionNote({ row, itemName, dismiss, returnFocusTo }: DecisionNoteProps) {
  const t = useT();
  const alert = useAlert();
  const rescueFocus = useFocusRescue(returnFocusTo);
  const reports = useDecisionReports();
  const failed = row.status === 'failed';
  // A decision on the wire cannot be called back.
  const canDrop = row.status !== 'sending';
  const label = t(failed ? 'admin.action.dismiss' : 'admin.action.undo');

  const drop = async () => {
    if (await dismiss(row.id)) reports?.dropped(row.id);
    else await alert({ ...WRITE_ALERTS.alreadySending, returnFocusTo });
  };

  return (
    <div className={`decision-note${failed ? ' decision-note--failed' : ''}`}>
      <span role="status">{decisionNote(row)}</span>
      {canDrop && (
        <button
          ref={rescueFocus}
          type="button"
          className="button button--quiet button--small"
          aria-label={t('admin.action.named', { action: label, name: itemName })}
          onClick={() => void drop()}
        >
          {label}
        </button>
      )}
    </div>
  );
}
