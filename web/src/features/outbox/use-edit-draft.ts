import { useState } from 'react';
import type { WriteProblem } from '@allstall/shared';
import { useAlert } from '@/components/dialog-provider';
import type { FormDialogHandlers } from '@/components/form-dialog';
import { WRITE_ALERTS } from '@/components/write-alerts';
import type { CheckedWrite } from '@/lib/api/checked-write';
import type { OutboxRow } from '@/lib/outbox/outbox-types';
import { useServices } from '@/lib/services';
import { lastErrorText } from '@/lib/outbox/describe-write';

interface SaveEdit {
  busy: boolean;
  /** What is wrong: the server's reason to begin with, then the device's own check of the fix. */
  problem: WriteProblem | null;
  /** Saves the fix if its check passed; the outbox queues it again and tries at once. */
  save(checked: CheckedWrite): Promise<void>;
}

export interface EditDraft<D> {
  /** What the kind's dialog takes to edit the draft: its value, handlers, busy state and focus fallback. */
  form: FormDialogHandlers & { value: D; onChange: (draft: D) => void };
  /** What is wrong: the server's reason to begin with, then the device's own check of the fix. */
  problem: WriteProblem | null;
}

interface EditDraftOptions<D> {
  row: OutboxRow;
  /** The dialog is done: cancelled, or the fix saved. */
  onClose: () => void;
  returnFocusTo?: FormDialogHandlers['returnFocusTo'];
  /** The queued write as the dialog's draft. */
  initial: () => D;
  /** The same check a new write of this kind goes through. */
  check: (draft: D) => CheckedWrite;
}

/** The server's reason for refusing the write (in the language active when the dialog opens), tied to the field it named. */
function serverProblem(row: OutboxRow): WriteProblem | null {
  const message = lastErrorText(row);
  return message ? { field: row.lastErrorField ?? '', message } : null;
}

/** Saves the person's fix of a refused write, checked as a new write of its kind would be. */
function useSaveEdit(row: OutboxRow, onSaved: () => void): SaveEdit {
  const { outbox } = useServices();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(() => serverProblem(row));
  return {
    busy,
    problem,
    async save({ write, problem: local }) {
      if (!write) return setProblem(local);
      setBusy(true);
      let changed: boolean;
      try {
        changed = await outbox.edit(row.id, write);
      } catch (error) {
        console.warn('Could not save the edited write', error);
        setBusy(false);
        await alert(WRITE_ALERTS.didNotWork);
        return;
      }
      setBusy(false);
      if (!changed) await alert(WRITE_ALERTS.alreadySending);
      onSaved();
    },
  };
}

/** A refused write's draft in its dialog: Submit checks the fix and saves it, Cancel leaves the write as it is. */
export function useEditDraft<D>({ row, onClose, returnFocusTo, initial, check }: EditDraftOptions<D>): EditDraft<D> {
  const [draft, setDraft] = useState(initial);
  const { busy, problem, save } = useSaveEdit(row, onClose);
  return {
    form: { value: draft, onChange: setDraft, onSubmit: () => void save(check(draft)), onCancel: onClose, busy, returnFocusTo },
    problem,
  };
}
