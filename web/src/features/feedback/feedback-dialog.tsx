import { useId } from 'react';
import { COMMENT_MAX_LENGTH } from '@allstall/shared';
import { FormDialog, type FormDialogHandlers } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import type { FeedbackDraft } from './feedback-draft';
import { ThumbToggle } from './thumb-toggle';
import { useT } from '@/lib/i18n/use-t';

interface FeedbackDialogProps extends FormDialogHandlers {
  value: FeedbackDraft;
  onChange: (draft: FeedbackDraft) => void;
  /** Why the last try was refused (locally or by the server), shown above the form. */
  problem?: string | null;
}

/** 'How was your experience?': thumbs and a comment. Used for new feedback and to fix a refused one. */
export function FeedbackDialog({ value, onChange, ...form }: FeedbackDialogProps) {
  const t = useT();
  const id = useId();
  return (
    <FormDialog title={t('feedback.title')} submitLabel={t('feedback.submit')} {...form}>
      <ThumbToggle value={value.thumb} onChange={(thumb) => onChange({ ...value, thumb })} />
      <TextField
        id={`${id}-comment`}
        label={t('feedback.comment')}
        rows={4}
        maxLength={COMMENT_MAX_LENGTH}
        value={value.comment}
        onChange={(comment) => onChange({ ...value, comment })}
      />
    </FormDialog>
  );
}
