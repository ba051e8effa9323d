import { useId, type ReactNode } from 'react';
import type { FocusFallback } from '../hooks/use-focus-rescue';
import { ModalDialog } from './modal-dialog';
import { SubmitButton } from './submit-button';
import { useT } from '../lib/i18n/use-t';

/** What the owner of a form dialog supplies besides the fields. */
export interface FormDialogHandlers {
  onSubmit: () => void;
  onCancel: () => void;
  /** The write is being queued: Submit says so and ignores further presses. */
  busy: boolean;
  /** Where focus goes on closing if the button that opened the dialog has gone (see ModalDialog). */
  returnFocusTo?: FocusFallback | undefined;
}

interface FormDialogProps extends FormDialogHandlers {
  title: string;
  submitLabel: string;
  /** Why the last try was refused (locally or by the server), shown above the fields. */
  problem?: string | null;
  /**
   * Focus lands on the title rather than the first field: a dialog that opens with a text field
   * first would otherwise pop a phone's keyboard over it before the person has seen the form.
   */
  focusTitle?: boolean;
  children: ReactNode;
}

/**
 * A form in a modal dialog: its title names the dialog, a problem shows above the fields, and
 * Cancel and Submit close it. Feedback, suggested changes and a message to the team share it.
 */
export function FormDialog({ title, submitLabel, problem, focusTitle = false, onSubmit, onCancel, busy, returnFocusTo, children }: FormDialogProps) {
  const titleId = useId();
  const t = useT();
  return (
    <ModalDialog labelledBy={titleId} className="dialog dialog--form" onCancel={onCancel} returnFocusTo={returnFocusTo}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <h2 id={titleId} {...(focusTitle ? { tabIndex: -1, 'data-autofocus': true } : {})}>
          {title}
        </h2>
        {problem && (
          <p className="form-message" role="alert">
            {problem}
          </p>
        )}
        {children}
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onCancel}>
            {t('writes.cancel')}
          </button>
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
