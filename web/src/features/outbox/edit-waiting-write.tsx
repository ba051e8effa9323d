import { useState } from 'react';
import { contactProblem, feedbackProblem, flagProblem, type WriteProblem } from '@allstall/shared';
import type { OutboxRow } from '../../lib/outbox/outbox-types';
import { ContactDialog } from '../contact/contact-dialog';
import { FeedbackDialog } from '../feedback/feedback-dialog';
import { feedbackBodyOf, feedbackDraftOf } from '../feedback/feedback-draft';
import { SuggestChangesDialog } from '../suggest-changes/suggest-changes-dialog';
import { useSaveEdit } from './use-save-edit';

type RowOf<K extends OutboxRow['kind']> = Extract<OutboxRow, { kind: K }>;
interface EditProps<K extends OutboxRow['kind']> {
  row: RowOf<K>;
  onClose: () => void;
}

/** The server's reason for refusing the write, tied to the field it named. */
function serverProblem(row: OutboxRow): WriteProblem | null {
  return row.lastError ? { field: row.lastErrorField ?? '', message: row.lastError } : null;
}

/** The dialog the write was made in, filled with what is queued, to fix a write the server refused. */
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
  const [problem, setProblem] = useState(() => serverProblem(row)?.message ?? null);
  const { busy, save } = useSaveEdit(row.id, onClose);
  const submit = () => {
    const body = feedbackBodyOf(row.body.restroom_id, draft);
    const local = feedbackProblem(body);
    if (local) return setProblem(local.message);
    void save({ kind: 'feedback', body });
  };
  return <FeedbackDialog value={draft} onChange={setDraft} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem} />;
}

function EditFlag({ row, onClose }: EditProps<'flag'>) {
  const [draft, setDraft] = useState(row.body);
  const [problem, setProblem] = useState(() => serverProblem(row));
  const { busy, save } = useSaveEdit(row.id, onClose);
  const submit = () => {
    const local = flagProblem(draft);
    if (local) return setProblem(local);
    void save({ kind: 'flag', body: draft });
  };
  return <SuggestChangesDialog value={draft} onChange={setDraft} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem} />;
}

function EditContact({ row, onClose }: EditProps<'contact'>) {
  const [details, setDetails] = useState(row.body.details);
  const [problem, setProblem] = useState(() => serverProblem(row)?.message ?? null);
  const { busy, save } = useSaveEdit(row.id, onClose);
  const submit = () => {
    const body = { details: details.trim() };
    const local = contactProblem(body);
    if (local) return setProblem(local.message);
    void save({ kind: 'contact', body });
  };
  return <ContactDialog value={details} onChange={setDetails} onSubmit={submit} onCancel={onClose} busy={busy} problem={problem} />;
}
