import { Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { loginReturnTarget } from '@/lib/login/login-return-target';
import { LoginForm } from './login-form';
import { bathroomsPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

/**
 * /login — already signed in means there is nothing to do here. A person sent by a login prompt
 * goes back to where they were once signed in, with what they were about to do open again; everyone
 * else to the list.
 */
export function LoginPage() {
  const t = useT();
  useDocumentTitle(t('writes.logIn'));
  const { user, known } = useCurrentUser();
  const returnTo = loginReturnTarget(useLocation().state);
  if (!known) return null;
  if (user) return <Navigate to={returnTo?.to ?? bathroomsPath} state={returnTo?.state} replace />;
  return (
    <div className="auth-card">
      <LoginForm />
    </div>
  );
}
