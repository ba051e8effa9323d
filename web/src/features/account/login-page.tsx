import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { LoginForm } from './login-form';

/** /login — already signed in means there is nothing to do here. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const { user, known } = useCurrentUser();
  if (!known) return null;
  if (user) return <Navigate to="/bathrooms" replace />;
  return (
    <div className="auth-card">
      <LoginForm />
    </div>
  );
}
