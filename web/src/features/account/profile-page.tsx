import { useRef } from 'react';
import { dateFormatShortUs, type User } from '@allstall/shared';
import { InitialCircle } from '../../components/initial-circle';
import { useClientConfig } from '../../hooks/use-client-config';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { WaitingSection } from '../outbox';
import { MyCommentItem } from './my-comment-item';
import { MyRestroomsSection } from './my-restrooms-section';
import { useDeleteMyComment } from './use-delete-my-comment';
import { useMyComments } from './use-my-comments';

/** /user — rendered inside the protected-route guard, which supplies the signed-in person. */
export function ProfilePage({ user }: { user: User }) {
  useDocumentTitle('My profile');
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
          <p className="profile__joined">Joined {dateFormatShortUs(user.inserted_at, region.timeZone)}</p>
        </div>
      </div>
      <h2 ref={commentsHeading} tabIndex={-1}>
        My comments:
      </h2>
      {comments === undefined ? null : comments.length === 0 ? (
        <p className="profile__empty">No comments yet.</p>
      ) : (
        <ul className="profile__comments" aria-label="My comments">
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
