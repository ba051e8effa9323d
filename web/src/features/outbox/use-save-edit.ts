import { useState } from 'react';
import { useAlert } from '../../components/dialog-provider';
import { WRITE_ALERTS } from '../../components/write-alerts';
import type { OutboxWrite } from '../../lib/outbox/outbox-types';
import { useServices } from '../../lib/services';

/** Saves the person's fix of a refused write; the outbox queues it again and tries at once. */
export function useSaveEdit(rowId: string, onSaved: () => void): { busy: boolean; save: (write: OutboxWrite) => Promise<void> } {
  const { outbox } = useServices();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async save(write) {
      setBusy(true);
      let changed: boolean;
      try {
        changed = await outbox.edit(rowId, write);
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
