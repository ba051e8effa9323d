import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { CredentialsForm } from './credentials-form';
import { useRegister } from './use-account-actions';
import { profilePath, loginPath } from '../../lib/app-paths';
import { Msg, useT } from '../../lib/i18n/use-t';
import { passwordRuleText } from './account-messages';

/** /registration — a new account is signed in at once and taken to its profile. */
export function RegistrationPage() {
  const t = useT();
  useDocumentTitle(t('writes.account.register'));
  const { user, known } = useCurrentUser();
  const register = useRegister();
  const navigate = useNavigate();
  if (!known) return null;
  if (user) return <Navigate to={profilePath} replace />;
  return (
    <div className="auth-card">
      <CredentialsForm
        title={t('writes.account.register')}
        submitLabel={t('writes.account.register')}
        newPassword
        passwordHint={passwordRuleText()}
        message={register.message}
        busy={register.busy}
        onSubmit={(username, password) => {
          void register.submit(username, password).then((ok) => {
            if (ok) navigate(profilePath, { replace: true });
          });
        }}
        footer={<Msg id="writes.account.haveAccount" components={{ 0: <Link to={loginPath} /> }} />}
      />
    </div>
  );
}
