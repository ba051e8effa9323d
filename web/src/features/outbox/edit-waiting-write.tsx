import { useState } from 'react';
import type { FocusFallback } from '../../hooks/use-focus-rescue';
import type { OutboxRow } from '../../lib/outbox/outbox-types';
import { NewRestroomDialog } from '../add-restroom/new-restroom-dialog';
import { checkNewRestroomDraft, newRestroomDraftOfBody } from '../add-restroom/new-restroom-draft';
import { ContactDialog } from '../contact/contact-dialog';
import { checkContactDraft } from '../contact/contact-draft';
import { FeedbackDialog } from '../feedback/feedback-dialog';
import { checkFeedbackDraft, feedbackDraftOf } from '../feedback/feedback-draft';
import { checkFlagDraft } from '../suggest-changes/flag-draft';
import { SuggestChangesDialog } from '../suggest-changes/suggest-changes-dialog';
import { useSaveEdit } from './use-save-edit';

type RowOf<K extends OutboxRow['kind']> = Extract<OutboxRow, { kind: K }>;
interface EditProps<K extends OutboxRow['kind']> {
  row: RowOf<K>;
  onClose: () => void;
  /** Where focus goes on closing if the Edit button has gone meanwhile (a saved fix takes it away). */
  returnFocusTo?: FocusFallback | undefined;
}

/**
 * The dialog the write was made in, filled with what is queued, to fix a write the server refused.
 * The fix is checked by the same function as a new write of its kind.
 */
export function EditWaitingWrite({ row, ...rest }: EditProps<OutboxRow['kind']>) {
  switch (row.kind) {
    case 'feedback':
      return <EditFeedback row={row} {...rest} />;
    case 'flag':
      return <EditFlag row={row} {...rest} />;
    case 'contact':
      return <EditContact row={row} {...rest} />;
    case 'comment-delete':
      // Nothing to change in a deletion: it is discarded or left to retry.
      return null;
    case 'restroom':
      return <EditRestroom row={row} {...rest} />;
  }
}

function EditFeedback({ row, onClose, returnFocusTo }: EditProps<'feedback'>) {
  const [draft, setDraft] = useState(() => feedbackDraftOf(row.body));
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkFeedbackDraft(row.body.restroom_id, draft));
  return (
    <FeedbackDialog
      value={draft}
      onChange={setDraft}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      problem={problem?.message}
      returnFocusTo={returnFocusTo}
    />
  );
}

function EditFlag({ row, onClose, returnFocusTo }: EditProps<'flag'>) {
  const [draft, setDraft] = useState(row.body);
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkFlagDraft(draft));
  return (
    <SuggestChangesDialog
      value={draft}
      onChange={setDraft}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      problem={problem}
      returnFocusTo={returnFocusTo}
    />
  );
}

function EditContact({ row, onClose, returnFocusTo }: EditProps<'contact'>) {
  const [details, setDetails] = useState(row.body.details);
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkContactDraft(details));
  return (
    <ContactDialog
      value={details}
      onChange={setDetails}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      problem={problem?.message}
      returnFocusTo={returnFocusTo}
    />
  );
}

function EditRestroom({ row, onClose, returnFocusTo }: EditProps<'restroom'>) {
  const [draft, setDraft] = useState(() => newRestroomDraftOfBody(row.body));
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkNewRestroomDraft(draft));
  return (
    <NewRestroomDialog
      value={draft}
      onChange={setDraft}
      onSubmit={submit}
      onCancel={onClose}
      busy={busy}
      problem={problem}
      returnFocusTo={returnFocusTo}
    />
  );
}
