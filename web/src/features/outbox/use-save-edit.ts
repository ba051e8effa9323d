import { useState } from 'react';
import type { WriteProblem } from '@allstall/shared';
import { useAlert } from '../../components/dialog-provider';
import { WRITE_ALERTS } from '../../components/write-alerts';
import type { CheckedWrite } from '../../lib/checked-write';
import type { OutboxRow } from '../../lib/outbox/outbox-types';
import { useServices } from '../../lib/services';

export interface SaveEdit {
  busy: boolean;
  /** What is wrong: the server's reason to begin with, then the device's own check of the fix. */
  problem: WriteProblem | null;
  /** Saves the fix if its check passed; the outbox queues it again and tries at once. */
  save(checked: CheckedWrite): Promise<void>;
}

/** The server's reason for refusing the write, tied to the field it named. */
function serverProblem(row: OutboxRow): WriteProblem | null {
  return row.lastError ? { field: row.lastErrorField ?? '', message: row.lastError } : null;
}

/** Saves the person's fix of a refused write, checked as a new write of its kind would be. */
export function useSaveEdit(row: OutboxRow, onSaved: () => void): SaveEdit {
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
