import { useRef } from 'react';
import type { User } from '@allstall/shared';
import { InitialCircle } from '@/components/initial-circle';
import { useClientConfig } from '@/hooks/use-client-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { WaitingSection } from '../outbox';
import { MyCommentItem } from './my-comment-item';
import { MyRestroomsSection } from './my-restrooms-section';
import { useDeleteMyComment } from './use-delete-my-comment';
import { useMyComments } from './use-my-comments';
import { useIntlLocale, useT } from '@/lib/i18n/use-t';

/** 'Nov 3, 2026' ('3 nov 2026' in Spanish): the day the account was made, where the region keeps time. */
function joinedDate(iso: string, locale: string, timeZone: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(instant);
}

/** /user — rendered inside the protected-route guard, which supplies the signed-in person. */
export function ProfilePage({ user }: { user: User }) {
  const t = useT();
  const locale = useIntlLocale();
  useDocumentTitle(t('writes.profile.documentTitle'));
  const { region } = useClientConfig();
  const comments = useMyComments(user.id);
  // Where focus goes when what held it leaves the page: a deleted comment, the last waiting write.
  const commentsHeading = useRef<HTMLHeadingElement>(null);
  const toCommentsHeading = () => commentsHeading.current;
  const deleteComment = useDeleteMyComment(toCommentsHeading);

  return (
    <section className="page page--narrow profile">
      <div className="profile__head">
        <InitialCircle username={user.username} size="large" />
        <div>
          <h1>{user.username}</h1>
          <p className="profile__joined">{t('writes.profile.joined', { date: joinedDate(user.inserted_at, locale, region.timeZone) })}</p>
        </div>
      </div>
      <h2 ref={commentsHeading} tabIndex={-1}>
        {t('writes.profile.myCommentsHeading')}
      </h2>
      {comments === undefined ? null : comments.length === 0 ? (
        <p className="profile__empty">{t('writes.profile.noComments')}</p>
      ) : (
        <ul className="profile__comments" aria-label={t('writes.profile.myComments')}>
          {comments.map((comment) => (
            <MyCommentItem
              key={comment.key}
              comment={comment}
              onDelete={() => void deleteComment(comment)}
              returnFocusTo={toCommentsHeading}
            />
          ))}
        </ul>
      )}
      <MyRestroomsSection userId={user.id} />
      <WaitingSection userId={user.id} returnFocusTo={toCommentsHeading} />
    </section>
  );
}
