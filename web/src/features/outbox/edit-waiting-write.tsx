import { useState } from 'react';
import type { OutboxRow } from '../../lib/outbox/outbox-types';
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
}

/**
 * The dialog the write was made in, filled with what is queued, to fix a write the server refused.
 * The fix is checked by the same function as a new write of its kind.
 */
export function EditWaitingWrite({ row, onClose }: { row: OutboxRow; onClose: () => void }) {
  switch (row.kind) {
    case 'feedback':
      return <EditFeedback row={row} onClose={onClose} />;
    case 'flag':
      return <EditFlag row={row} onClose={onClose} />;
    case 'contact':
      return <EditContact row={row} onClose={onClose} />;
    case 'comment-delete':
      // Nothing to change in a deletion: it is discarded or left to retry.
      return null;
  }
}

function EditFeedback({ row, onClose }: EditProps<'feedback'>) {
  const [draft, setDraft] = useState(() => feedbackDraftOf(row.body));
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkFeedbackDraft(row.body.restroom_id, draft));
  return <FeedbackDialog value={draft} onChange={setDraft} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem?.message} />;
}

function EditFlag({ row, onClose }: EditProps<'flag'>) {
  const [draft, setDraft] = useState(row.body);
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkFlagDraft(draft));
  return <SuggestChangesDialog value={draft} onChange={setDraft} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem} />;
}

function EditContact({ row, onClose }: EditProps<'contact'>) {
  const [details, setDetails] = useState(row.body.details);
  const { busy, problem, save } = useSaveEdit(row, onClose);
  const submit = () => void save(checkContactDraft(details));
  return (
    <ContactDialog value={details} onChange={setDetails} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem?.message} />
  );
}
