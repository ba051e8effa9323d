import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { QueuedBadge } from '@/components/queued-badge';
import type { MyComment } from './use-my-comments';
import { restroomPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

interface MyCommentItemProps {
  comment: MyComment;
  onDelete: () => void;
  /** Where focus goes when Delete leaves the page with it (the comment was deleted, or is on the wire). */
  returnFocusTo: FocusFallback;
}

/** One of 'My comments:': the bathroom (a link to it), the words, and Delete. */
export function MyCommentItem({ comment, onDelete, returnFocusTo }: MyCommentItemProps) {
  const id = useId();
  const t = useT();
  const rescueFocus = useFocusRescue(returnFocusTo);
  // A comment on the wire cannot be called back; Delete returns once it has landed.
  const deletable = comment.kind === 'posted' || comment.status !== 'sending';
  return (
    <li className={comment.kind === 'queued' ? 'is-queued' : undefined}>
      <Link id={`${id}-name`} to={restroomPath(comment.restroom_id)}>
        {comment.restroomName ?? t('writes.profile.unlistedBathroom')}
      </Link>
      {comment.kind === 'queued' && <QueuedBadge status={comment.status} />}
      <p id={`${id}-content`}>{comment.content}</p>
      {deletable && (
        <button
          ref={rescueFocus}
          type="button"
          className="button button--quiet button--small profile__delete"
          aria-describedby={`${id}-name ${id}-content`}
          onClick={onDelete}
        >
          {t('writes.profile.delete')}
        </button>
      )}
    </li>
  );
}
