import { useId } from 'react';
import { COMMENT_MAX_LENGTH } from '@allstall/shared';
import { ModalDialog } from '../../components/modal-dialog';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import type { FeedbackDraft } from './feedback-draft';
import { ThumbToggle } from './thumb-toggle';

interface FeedbackDialogProps {
  value: FeedbackDraft;
  onChange: (draft: FeedbackDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
  busy: boolean;
  /** Why the last try was refused (locally or by the server), shown above the form. */
  problem?: string | null;
}

/** 'How was your experience?': thumbs and a comment. Used for new feedback and to fix a refused one. */
export function FeedbackDialog({ value, onChange, onSubmit, onCancel, busy, problem }: FeedbackDialogProps) {
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
        <h2 id={`${id}-title`}>How was your experience?</h2>
        {problem && (
          <p className="form-message" role="alert">
            {problem}
          </p>
        )}
        <ThumbToggle value={value.thumb} onChange={(thumb) => onChange({ ...value, thumb })} />
        <TextField
          id={`${id}-comment`}
          label="Leave a comment:"
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={value.comment}
          onChange={(comment) => onChange({ ...value, comment })}
        />
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
