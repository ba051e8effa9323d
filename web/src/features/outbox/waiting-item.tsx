import { useId, useState } from 'react';
import { useAlert, useConfirm } from '@/components/dialog-provider';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { useServices } from '@/lib/services';
import { useT } from '@/lib/i18n/use-t';
import { writeStatusText } from '@/lib/outbox/describe-write';
import { EditWaitingWrite } from './edit-waiting-write';
import type { WaitingWrite } from './use-my-outbox';

/**
 * One queued write: what it is, where it stands, and what the person can do about it. Its buttons
 * come and go with the write's state, and the item itself goes once the write is sent or discarded;
 * focus on what vanished moves to `returnFocusTo` (the list's heading).
 */
export function WaitingItem({ write: { row, summary }, returnFocusTo }: { write: WaitingWrite; returnFocusTo: FocusFallback }) {
  const id = useId();
  const t = useT();
  const { outbox } = useServices();
  const confirm = useConfirm();
  const alert = useAlert();
  const [editing, setEditing] = useState(false);
  const rescueFocus = useFocusRescue(returnFocusTo);
  const failed = row.status === 'failed';
  // A write on the wire cannot be called back; every other one can be dropped.
  const canDiscard = row.status !== 'sending';
  // A write whose key the server has forgotten would be refused again under the same key, edited or
  // not: the person checks whether it went through and makes it again (docs/operations.md#retention).
  const keyForgotten = row.lastErrorMessage?.id === 'server.idempotency.keyExpired';
  const canEdit = failed && !keyForgotten && row.kind !== 'comment-delete' && row.kind !== 'confirmation';

  const discard = async () => {
    const sure = await confirm({ text: t('writes.waiting.discardText'), confirmLabel: t('writes.waiting.discardConfirm'), returnFocusTo });
    if (sure && !(await outbox.discard(row.id))) await alert({ ...WRITE_ALERTS.alreadySending, returnFocusTo });
  };

  return (
    <li className={`state-card waiting-item waiting-item--${row.status}`}>
      <p id={`${id}-title`} className="waiting-item__title">
        {summary.title}
      </p>
      {summary.details.map((line, index) => (
        <p key={index} className="waiting-item__detail">
          {line}
        </p>
      ))}
      <p className="waiting-item__status">
        {writeStatusText(row)}
      </p>
      {(canEdit || canDiscard) && (
        <div className="waiting-item__actions">
          {canEdit && (
            <button
              ref={rescueFocus}
              type="button"
              className="button button--secondary button--small"
              aria-describedby={`${id}-title`}
              onClick={() => setEditing(true)}
            >
              {t('writes.waiting.edit')}
            </button>
          )}
          {canDiscard && (
            <button
              ref={rescueFocus}
              type="button"
              className="button button--quiet button--small"
              aria-describedby={`${id}-title`}
              onClick={() => void discard()}
            >
              {t('writes.waiting.discard')}
            </button>
          )}
        </div>
      )}
      {editing && <EditWaitingWrite row={row} onClose={() => setEditing(false)} returnFocusTo={returnFocusTo} />}
    </li>
  );
}
