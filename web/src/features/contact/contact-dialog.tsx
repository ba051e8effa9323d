import { useId } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { SubmitButton } from '../../components/submit-button';
import { ContactMessageField } from './contact-message-field';

interface ContactDialogProps {
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  problem?: string | null;
}

/** A message to the team in a dialog: how a refused message is fixed from the profile. */
export function ContactDialog({ value, onChange, onSubmit, onCancel, busy, problem }: ContactDialogProps) {
  const id = useId();
  return (
    <ModalDialog labelledBy={`${id}-title`} className="dialog dialog--form" onCancel={onCancel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <h2 id={`${id}-title`}>Message to the team</h2>
        {problem && (
          <p className="form-message" role="alert">
            {problem}
          </p>
        )}
        <ContactMessageField id={`${id}-details`} value={value} onChange={onChange} />
        <div className="dialog__actions">
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton busy={busy}>Submit</SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
