import type { Restroom, RestroomDecisionBody } from '@allstall/shared';
import { useConfirm } from '@/components/dialog-provider';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { useWrite } from '@/components/use-write';
import { useT } from '@/lib/i18n/use-t';
import { adminAlert } from './admin-alerts';
import { useQueueDecision } from './use-queue-decision';

type Named = Pick<Restroom, 'id' | 'name'>;

export interface RestroomDecisions {
  /** A verdict, an edit, or 'Show again': queued at once, shown in the row. */
  decide(restroom: Named, decision: RestroomDecisionBody): Promise<void>;
  /** 'Remove from display': after the bare 'Are you sure?' (naming the restroom), then 'Removed!'. */
  remove(restroom: Named): Promise<void>;
  /** 'Delete' / 'Delete from database': after the spec's confirmation (naming the restroom), then 'Deleted!'. */
  deleteForGood(restroom: Named): Promise<void>;
}

/**
 * What an admin does to a restroom, each through the outbox, so it works offline and is sent later.
 * `returnFocusTo` (the table) takes the focus when the button that asked has gone with its row.
 */
export function useRestroomDecisions(returnFocusTo: FocusFallback): RestroomDecisions {
  const t = useT();
  const confirm = useConfirm();
  const queueDecision = useQueueDecision();
  const removal = useWrite({
    success: { ...adminAlert(t, 'removed'), returnFocusTo },
    failure: { ...adminAlert(t, 'deleteFailed'), returnFocusTo },
  });
  const deletion = useWrite({
    success: { ...adminAlert(t, 'deleted'), returnFocusTo },
    failure: { ...adminAlert(t, 'deleteFailed'), returnFocusTo },
  });
  // The route guard takes over when the session ends; nothing to do here then.
  const handlers = { onQueued: () => {}, onGuest: () => {} };

  return {
    decide: ({ id, name }, decision) => queueDecision({ kind: 'restroom-decision', body: { restroom_id: id, name, decision } }),
    async remove({ id, name }) {
      // The spec's bare question, with the restroom it is about.
      if (!(await confirm({ subject: t('admin.confirm.removeRestroom', { name }), text: '', returnFocusTo }))) return;
      await removal.submit({ kind: 'restroom-decision', body: { restroom_id: id, name, decision: { is_removed: true } } }, handlers);
    },
    async deleteForGood({ id, name }) {
      if (!(await confirm({ subject: t('admin.confirm.deleteRestroom', { name }), returnFocusTo }))) return;
      await deletion.submit({ kind: 'restroom-delete', body: { restroom_id: id, name } }, handlers);
    },
  };
}
