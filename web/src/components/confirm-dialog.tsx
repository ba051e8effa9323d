import type { FocusFallback } from '../hooks/use-focus-rescue';
import { MessageDialog } from './message-dialog';

export interface ConfirmContent {
  title?: string;
  /** '' for no line at all: 'Remove from display' asks only 'Are you sure?' (docs/product-rules.md#exact-wording). */
  text?: string;
  confirmLabel?: string;
  /** Where focus goes after an answer if what it came from has gone (see ModalDialog). */
  returnFocusTo?: FocusFallback | undefined;
}

/** The product's wording for a delete that cannot be taken back (docs/product-rules.md#exact-wording). */
export const CONFIRM_DEFAULTS = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmLabel: 'Yes, flush it!',
} as const;

/**
 * Asks before something that cannot be undone. Cancel comes first and takes the focus, so a stray
 * Enter keeps things as they are.
 */
export function ConfirmDialog({
  title = CONFIRM_DEFAULTS.title,
  text = CONFIRM_DEFAULTS.text,
  confirmLabel = CONFIRM_DEFAULTS.confirmLabel,
  returnFocusTo,
  onConfirm,
  onCancel,
}: ConfirmContent & { onConfirm: () => void; onCancel: () => void }) {
  return (
    <MessageDialog icon="warning" title={title} text={text === '' ? null : <p>{text}</p>} onCancel={onCancel} returnFocusTo={returnFocusTo}>
      <button type="button" className="button button--secondary" data-autofocus onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="button button--danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
    </MessageDialog>
  );
}
