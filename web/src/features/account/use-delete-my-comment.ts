import type { AlertContent } from '@/components/alert-dialog';
import { useAlert, useConfirm } from '@/components/dialog-provider';
import { useWrite } from '@/components/use-write';
import { WRITE_ALERTS } from '@/components/write-alerts';
import type { FocusFallback } from '@/hooks/use-focus-rescue';
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
  const showConfirm = useConfirm();
  const showAlert = useAlert();
  const confirm = () => showConfirm({ returnFocusTo });
  const alert = (content: AlertContent) => showAlert({ ...content, returnFocusTo });
  const deletion = useWrite({
    success: { ...WRITE_ALERTS.commentDeleted, returnFocusTo },
    failure: { ...WRITE_ALERTS.somethingWentWrong, returnFocusTo },
  });

  return async (comment) => {
    if (!(await confirm())) return;
    if (comment.kind === 'posted') {
      const result = await deletion.submit({ kind: 'comment-delete', body: { comment_id: comment.id } });
      // The session ended meanwhile: nothing was queued, and the comment is still there.
      if (result.kind === 'guest') await alert(WRITE_ALERTS.somethingWentWrong);
      return;
    }
    try {
      const { comment: _dropped, ...body } = comment.row.body;
      const changed =
        feedbackThumb(comment.row.body) !== null
          ? await outbox.edit(comment.row.id, { kind: 'feedback', body })
          : await outbox.discard(comment.row.id);
      if (!changed) return void (await alert(WRITE_ALERTS.alreadySending));
    } catch (error) {
      console.warn('Could not delete the comment', error);
      return void (await alert(WRITE_ALERTS.somethingWentWrong));
    }
    await alert(WRITE_ALERTS.commentDeleted);
  };
}
