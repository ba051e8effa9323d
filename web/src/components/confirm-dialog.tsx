import type { FocusFallback } from '../hooks/use-focus-rescue';
import type { MessageId } from '../lib/i18n/message-id';
import { useT } from '../lib/i18n/use-t';
import { MessageDialog } from './message-dialog';

export interface ConfirmContent {
  title?: string;
  /** Names what the answer acts on ('Delete “Quiet Library” from the database.'), shown above `text`, in the active language. */
  subject?: string;
  /** '' for no line at all: 'Remove from display' asks only 'Are you sure?' (docs/product-rules.md#exact-wording). Callers pass words already in the active language. */
  text?: string;
  confirmLabel?: string;
  /** Where focus goes after an answer if what it came from has gone (see ModalDialog). */
  returnFocusTo?: FocusFallback | undefined;
}

/**
 * The product's wording for a delete that cannot be taken back (docs/product-rules.md#exact-wording),
 * as message ids: the words are looked up when the dialog shows, in the language active then.
 */
const CONFIRM_DEFAULTS = {
  title: 'dialog.confirmTitle',
  text: 'dialog.confirmText',
  confirmLabel: 'dialog.confirmButton',
} as const satisfies Record<string, MessageId>;

/**
 * Asks before something that cannot be undone. Cancel comes first and takes the focus, so a stray
 * Enter keeps things as they are.
 */
export function ConfirmDialog({
  title,
  subject,
  text,
  confirmLabel,
  returnFocusTo,
  onConfirm,
  onCancel,
}: ConfirmContent & { onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  const line = text ?? t(CONFIRM_DEFAULTS.text);
  const said =
    subject || line !== '' ? (
      <>
        {subject && <p className="dialog__subject">{subject}</p>}
        {line !== '' && <p>{line}</p>}
      </>
    ) : null;
  return (
    <MessageDialog icon="warning" title={title ?? t(CONFIRM_DEFAULTS.title)} text={said} onCancel={onCancel} returnFocusTo={returnFocusTo}>
      <button type="button" className="button button--secondary" data-autofocus onClick={onCancel}>
        {t('dialog.cancel')}
      </button>
      <button type="button" className="button button--danger" onClick={onConfirm}>
        {confirmLabel ?? t(CONFIRM_DEFAULTS.confirmLabel)}
      </button>
    </MessageDialog>
  );
}
