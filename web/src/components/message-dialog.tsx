import { useId, type ReactNode } from 'react';
import type { FocusFallback } from '../hooks/use-focus-rescue';
import { CheckCircleIcon, ErrorCircleIcon, WarningIcon } from './icons';
import { ModalDialog } from './modal-dialog';

export type AlertIcon = 'success' | 'error' | 'warning';

const ICONS = { success: CheckCircleIcon, error: ErrorCircleIcon, warning: WarningIcon } as const;

interface MessageDialogProps {
  icon: AlertIcon;
  title: string;
  /** The message under the title; it describes the dialog to screen readers. */
  text: ReactNode;
  onCancel: () => void;
  returnFocusTo?: FocusFallback | undefined;
  /** The buttons, centred under the message; 'stack' puts them one above another on a phone (the main one last). */
  children: ReactNode;
  actions?: 'center' | 'stack';
}

/** The SweetAlert-like frame that alerts and confirmations share: icon, title, message, buttons. */
export function MessageDialog({ icon, title, text, onCancel, returnFocusTo, children, actions = 'center' }: MessageDialogProps) {
  const titleId = useId();
  const textId = useId();
  const Icon = ICONS[icon];
  return (
    <ModalDialog
      role="alertdialog"
      className="dialog dialog--alert"
      labelledBy={titleId}
      describedBy={textId}
      onCancel={onCancel}
      returnFocusTo={returnFocusTo}
    >
      <span className={`dialog__icon dialog__icon--${icon}`}>
        <Icon size={56} />
      </span>
      <h2 id={titleId}>{title}</h2>
      <div id={textId}>{text}</div>
      <div className={`dialog__actions dialog__actions--${actions}`}>{children}</div>
    </ModalDialog>
  );
}
