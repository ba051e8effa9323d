import { useId } from 'react';
import type { FocusFallback } from '../hooks/use-focus-rescue';
import { CheckCircleIcon, ErrorCircleIcon, WarningIcon } from './icons';
import { ModalDialog } from './modal-dialog';

export type AlertIcon = 'success' | 'error' | 'warning';

export interface AlertContent {
  icon: AlertIcon;
  title: string;
  text: string;
  /** A second, quieter line, e.g. that a write made offline will go out later. */
  note?: string | undefined;
  /** Where focus goes after OK if what it came from has gone (see ModalDialog). */
  returnFocusTo?: FocusFallback | undefined;
}

const ICONS = { success: CheckCircleIcon, error: ErrorCircleIcon, warning: WarningIcon } as const;

/** A short message that needs an OK, in the manner of SweetAlert: icon, title, one line, one button. */
export function AlertDialog({ icon, title, text, note, returnFocusTo, onClose }: AlertContent & { onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const Icon = ICONS[icon];
  return (
    <ModalDialog
      role="alertdialog"
      className="dialog dialog--alert"
      labelledBy={titleId}
      describedBy={textId}
      onCancel={onClose}
      returnFocusTo={returnFocusTo}
    >
      <span className={`dialog__icon dialog__icon--${icon}`}>
        <Icon size={56} />
      </span>
      <h2 id={titleId}>{title}</h2>
      <div id={textId}>
        <p>{text}</p>
        {note && <p className="dialog__note">{note}</p>}
      </div>
      <div className="dialog__actions dialog__actions--center">
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          OK
        </button>
      </div>
    </ModalDialog>
  );
}
