import { Link, Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { bathroomsPath, loginPath, registrationPath } from '../../lib/app-paths';

/** /home — the guest landing page; people who are signed in go straight to the list. */
export function LandingPage() {
  useDocumentTitle('');
  const { user, known } = useCurrentUser();
  if (!known) return null;
  if (user) return <Navigate to={bathroomsPath} replace />;
  return (
    <section className="landing">
      <h1>Pee in peace.</h1>
      <p className="landing__lede">
        Find gender-neutral and single-stall restrooms nearby. Made for trans, nonbinary and gender non-conforming
        people, and it works offline.
      </p>
      <div className="landing__actions">
        <Link className="button button--primary button--wide" to={bathroomsPath}>
          Find a bathroom
        </Link>
        <Link className="button button--secondary button--wide" to={loginPath}>
          Log in
        </Link>
        <Link className="button button--quiet button--wide" to={registrationPath}>
          Register
        </Link>
      </div>
    </section>
  );
}
