import { useNavigate } from 'react-router-dom';
import { NoticePage } from '../../components/notice-page';
import { LoginPrompt } from '../../components/login-prompt';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /addbathroom — guests are asked to log in first; the form itself arrives in a later update. */
export function AddRestroomPage() {
  useDocumentTitle('Add bathroom');
  const { user, known } = useCurrentUser();
  const navigate = useNavigate();
  if (!known) return null;
  if (!user) {
    return (
      <section className="page page--narrow">
        <h1>Add a bathroom</h1>
        <LoginPrompt message="Come here often? Log in to add a bathroom!" onCancel={() => navigate('/bathrooms')} />
      </section>
    );
  }
  return (
    <NoticePage title="Add a bathroom">
      <p>Adding a bathroom arrives in a coming update. Thanks for wanting to help others find a safe place to go.</p>
    </NoticePage>
  );
}
