import { Link } from 'react-router-dom';
import { dateFormatShortUs, type Comment } from '@allstall/shared';
import type { QueuedComment } from '@/lib/outbox/queued-writes';
import { QueuedBadge } from '@/components/queued-badge';
import { profileWaitingPath } from '@/lib/links/app-paths';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';

interface CommentsSectionProps {
  comments: Comment[];
  /** This device's comments the server has not confirmed yet: shown first, marked as such. */
  queued: QueuedComment[];
  timeZone: string;
}

/** 'Comments' accordion, open by default; its own scroll area keeps a long thread from burying the page. */
export function CommentsSection({ comments, queued, timeZone }: CommentsSectionProps) {
  const t = useT();
  const locale = useIntlLocale();
  const count = comments.length + queued.length;
  return (
    <details className="comments" open>
      <summary>
        <h2>{t('comments.title')}</h2>
        <span className="comments__count">({count})</span>
      </summary>
      {count === 0 ? (
        <p className="comments__empty">{t('comments.none')}</p>
      ) : (
        <ul className="comments__list" aria-label={t('comments.title')} tabIndex={0}>
          {queued.map((comment) => (
            <li key={comment.rowId} className="comments__item is-queued">
              <QueuedMarker status={comment.status} />
              <p className="comments__content">{comment.content}</p>
            </li>
          ))}
          {comments.map((comment) => (
            <li key={comment.id}>
              <p className="comments__date">
                <time dateTime={comment.inserted_at}>{dateFormatShortUs(comment.inserted_at, timeZone, locale)}</time>
              </p>
              <p className="comments__content">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** Where the comment stands; a refused one links to the author's list, where it is fixed or discarded. */
function QueuedMarker({ status }: { status: QueuedComment['status'] }) {
  const t = useT();
  return (
    <p className="comments__date">
      <QueuedBadge status={status} />
      {status === 'failed' && (
        <>
          {' '}
          <Link to={profileWaitingPath}>{t('comments.review')}</Link>
        </>
      )}
    </p>
  );
}
