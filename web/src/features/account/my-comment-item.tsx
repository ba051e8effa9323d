import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { MyComment } from './use-my-comments';

const QUEUED_MARK = { pending: 'Not sent yet', 'needs-login': 'Not sent yet', sending: 'Sending…', failed: "Couldn't be sent" } as const;

/** One of 'My comments:': the bathroom (a link to it), the words, and Delete. */
export function MyCommentItem({ comment, onDelete }: { comment: MyComment; onDelete: () => void }) {
  const id = useId();
  // A comment on the wire cannot be called back; Delete returns once it has landed.
  const deletable = comment.kind === 'posted' || comment.status !== 'sending';
  return (
    <li className={comment.kind === 'queued' ? 'is-queued' : undefined}>
      <Link id={`${id}-name`} to={`/bathrooms/${comment.restroom_id}`}>
        {comment.restroomName ?? 'A bathroom no longer listed'}
      </Link>
      {comment.kind === 'queued' && (
        <span className={`queued-badge${comment.status === 'failed' ? ' queued-badge--failed' : ''}`}>{QUEUED_MARK[comment.status]}</span>
      )}
      <p id={`${id}-content`}>{comment.content}</p>
      {deletable && (
        <button
          type="button"
          className="button button--quiet button--small profile__delete"
          aria-describedby={`${id}-name ${id}-content`}
          onClick={onDelete}
        >
          Delete
        </button>
      )}
    </li>
  );
}
