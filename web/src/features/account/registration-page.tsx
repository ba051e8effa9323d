import { Link, Navigate, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CredentialsForm } from './credentials-form';
import { useRegister } from './use-account-actions';
import { profilePath, loginPath } from '@/lib/links/app-paths';
import { Msg, useT } from '@/lib/i18n/use-t';
import { passwordRuleText } from './account-messages';
import { loginReturnTarget, passedReturnState } from '@/lib/login/login-return-target';

/**
 * /registration — a new account is signed in at once and taken to its profile; a person sent by a
 * login prompt (through /login or straight here) goes back where they were, with what they were about
 * to do open again, exactly as logging in does.
 */
export function RegistrationPage() {
  const t = useT();
  useDocumentTitle(t('writes.account.register'));
  const { user, known } = useCurrentUser();
  const register = useRegister();
  const { state } = useLocation();
  const returnTo = loginReturnTarget(state);
  if (!known) return null;
  // Registering signs the person in, and this sends them on (as it does anyone already signed in).
  if (user) return <Navigate to={returnTo?.to ?? profilePath} state={returnTo?.state} replace />;
  return (
    <div className="auth-card">
      <CredentialsForm
        title={t('writes.account.register')}
        submitLabel={t('writes.account.register')}
        newPassword
        passwordHint={passwordRuleText()}
        message={register.message}
        busy={register.busy}
        onSubmit={(username, password) => void register.submit(username, password)}
        footer={<Msg id="writes.account.haveAccount" components={{ 0: <Link to={loginPath} state={passedReturnState(state)} /> }} />}
      />
    </div>
  );
}
