import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PASSWORD_RULE_TEXT } from '@allstall/shared';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { CredentialsForm } from './credentials-form';
import { useRegister } from './use-account-actions';
import { profilePath, loginPath } from '../../lib/app-paths';

/** /registration — a new account is signed in at once and taken to its profile. */
export function RegistrationPage() {
  useDocumentTitle('Register');
  const { user, known } = useCurrentUser();
  const register = useRegister();
  const navigate = useNavigate();
  if (!known) return null;
  if (user) return <Navigate to={profilePath} replace />;
  return (
    <div className="auth-card">
      <CredentialsForm
        title="Register"
        submitLabel="Register"
        newPassword
        passwordHint={PASSWORD_RULE_TEXT}
        message={register.message}
        busy={register.busy}
        onSubmit={(username, password) => {
          void register.submit(username, password).then((ok) => {
            if (ok) navigate(profilePath, { replace: true });
          });
        }}
        footer={
          <>
            Already have an account? <Link to={loginPath}>Log in</Link>
          </>
        }
      />
    </div>
  );
}
