import type { AlertContent } from '@/components/alert-dialog';
import { useAlert, useConfirm } from '@/components/dialog-provider';
import { WRITE_ALERTS } from '@/components/write-alerts';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
import { offlineNote, useQueueWrite } from '@/hooks/use-queue-write';
import { useServices } from '@/lib/services';
import { feedbackThumb } from '@/lib/restrooms/thumb';
import type { MyComment } from './use-my-comments';

/**
 * Delete, after 'Are you sure?'. A posted comment gets a queued deletion (it disappears at once); a
 * comment still in queued feedback never reaches the server: the feedback goes without it, or is
 * dropped if the comment was all it carried. The Delete button goes with the comment, so the
 * dialogs send focus to `returnFocusTo` when they close.
 */
export function useDeleteMyComment(returnFocusTo: FocusFallback): (comment: MyComment) => Promise<void> {
  const { outbox } = useServices();
  const queueWrite = useQueueWrite();
  const showConfirm = useConfirm();
  const showAlert = useAlert();
  const confirm = () => showConfirm({ returnFocusTo });
  const alert = (content: AlertContent) => showAlert({ ...content, returnFocusTo });

  return async (comment) => {
    if (!(await confirm())) return;
    let offline = false;
    try {
      if (comment.kind === 'posted') {
        const result = await queueWrite({ kind: 'comment-delete', body: { comment_id: comment.id } });
        if (result.kind !== 'queued') return void (await alert(WRITE_ALERTS.somethingWentWrong));
        offline = result.offline;
      } else {
        const { comment: _dropped, ...body } = comment.row.body;
        const changed =
          feedbackThumb(comment.row.body) !== null
            ? await outbox.edit(comment.row.id, { kind: 'feedback', body })
            : await outbox.discard(comment.row.id);
        if (!changed) return void (await alert(WRITE_ALERTS.alreadySending));
      }
    } catch (error) {
      console.warn('Could not delete the comment', error);
      return void (await alert(WRITE_ALERTS.somethingWentWrong));
    }
    await alert(offline ? { ...WRITE_ALERTS.commentDeleted, note: offlineNote() } : WRITE_ALERTS.commentDeleted);
  };
}
