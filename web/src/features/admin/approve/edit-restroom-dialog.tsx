import { useId, useState } from 'react';
import { ADMIN_COMMENT_MAX_LENGTH, type AdminRestroom, type RestroomDecisionBody, type WriteProblem } from '@allstall/shared';
import { ListingChoices } from '@/components/listing-choices';
import { FormDialog } from '@/components/form-dialog';
import { ListingTextFields } from '@/components/listing-text-fields';
import { TextField } from '@/components/text-field';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { LISTING_TEXT_FIELDS } from '@/lib/restrooms/listing-text-fields';
import { HoursEditor } from '@/components/hours-editor';
import { HOURS_FIELD } from '@/lib/restrooms/hours-input';
import { serverMessage } from '@/lib/i18n/server-message';
import { useT } from '@/lib/i18n/use-t';
import { checkRestroomEdit, restroomEditDraftOf, type RestroomEditDraft } from './restroom-edit-draft';

interface EditRestroomDialogProps {
  /** The restroom as the table shows it (with the admin's edits still waiting to go). */
  restroom: AdminRestroom;
  /** Queues the changed fields; resolves once stored. */
  onSave: (body: RestroomDecisionBody) => Promise<void>;
  onClose: () => void;
  returnFocusTo?: FocusFallback | undefined;
}

/** 'Edit bathroom info:': the add dialog's fields for a listing under review, 'Comment for admin:' and 'Save edits'. */
export function EditRestroomDialog({ restroom, onSave, onClose, returnFocusTo }: EditRestroomDialogProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState<RestroomEditDraft>(() => restroomEditDraftOf(restroom));
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // Shared validation's words, in the active language by the problem's code.
  const fieldProblem = (key: string) => (problem?.field === key ? serverMessage(problem) : null);
  const hoursProblem = problem?.field.startsWith(HOURS_FIELD) || problem?.field.startsWith('hours') ? serverMessage(problem) : null;
  const shownElsewhere = [...LISTING_TEXT_FIELDS.map((field) => field.key), 'admin_comment'];
  const generalProblem = problem && !hoursProblem && !shownElsewhere.includes(problem.field) ? serverMessage(problem) : null;

  const save = async () => {
    const checked = checkRestroomEdit(restroom, draft);
    if (checked.problem) return setProblem(checked.problem);
    if (checked.body === null) return onClose();
    setBusy(true);
    try {
      await onSave(checked.body);
    } finally {
      setBusy(false);
    }
    onClose();
  };

  return (
    <FormDialog
      title={t('admin.edit.title')}
      submitLabel={t('admin.edit.save')}
      problem={generalProblem}
      busy={busy}
      onSubmit={() => void save()}
      onCancel={onClose}
      returnFocusTo={returnFocusTo}
    >
      <ListingTextFields idPrefix={id} value={draft} onChange={setDraft} problemFor={fieldProblem} requireName />
      <ListingChoices value={draft} onChange={setDraft} />
      <TextField
        id={`${id}-admin-comment`}
        label={t('admin.edit.comment')}
        rows={3}
        value={draft.admin_comment}
        maxLength={ADMIN_COMMENT_MAX_LENGTH}
        problem={fieldProblem('admin_comment')}
        onChange={(admin_comment) => setDraft({ ...draft, admin_comment })}
      />
      <HoursEditor value={draft.hours} onChange={(hours) => setDraft({ ...draft, hours })} problem={hoursProblem} />
    </FormDialog>
  );
}
