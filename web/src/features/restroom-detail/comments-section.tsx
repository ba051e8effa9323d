import { dateFormatShortUs, type Comment } from '@allstall/shared';

/** 'Comments' accordion, open by default; its own scroll area keeps a long thread from burying the page. */
export function CommentsSection({ comments, timeZone }: { comments: Comment[]; timeZone: string }) {
  return (
    <details className="comments" open>
      <summary>
        <h2>Comments</h2>
        <span className="comments__count">({comments.length})</span>
      </summary>
      {comments.length === 0 ? (
        <p className="comments__empty">No comments yet.</p>
      ) : (
        <ul className="comments__list" aria-label="Comments" tabIndex={0}>
          {comments.map((comment) => (
            <li key={comment.id}>
              <p className="comments__date">
                <time dateTime={comment.inserted_at}>{dateFormatShortUs(comment.inserted_at, timeZone)}</time>
              </p>
              <p className="comments__content">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
