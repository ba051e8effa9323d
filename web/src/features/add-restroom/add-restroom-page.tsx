import { useNavigate } from 'react-router-dom';
import { LoginPrompt } from '../../components/login-prompt';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AddRestroomScreen } from './add-restroom-screen';
import { bathroomsPath } from '../../lib/app-paths';

/** /addbathroom — guests are asked to log in first (docs/product-rules.md#adding-a-restroom); Cancel takes them back to the list. */
export function AddRestroomPage() {
  useDocumentTitle('Add bathroom');
  const { user, known } = useCurrentUser();
  const navigate = useNavigate();
  if (!known) return null;
  if (!user) {
    return (
      <section className="page page--narrow">
        <h1>Add a bathroom</h1>
        <LoginPrompt message="Come here often? Log in to add a bathroom!" onCancel={() => navigate(bathroomsPath)} />
      </section>
    );
  }
  // Keyed by person: someone else signing in on this tab starts afresh.
  return <AddRestroomScreen key={user.id} userId={user.id} />;
}
