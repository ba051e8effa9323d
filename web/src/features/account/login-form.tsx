import { Link } from 'react-router-dom';
import { CredentialsForm } from './credentials-form';
import { useLogin } from './use-account-actions';
import { registrationPath } from '../../lib/app-paths';
import { Msg, useT } from '../../lib/i18n/use-t';

/** The login screen's form; also what a protected route shows to a guest. */
export function LoginForm({ title }: { title?: string }) {
  const t = useT();
  const login = useLogin();
  return (
    <CredentialsForm
      title={title ?? t('writes.logIn')}
      submitLabel={t('writes.logIn')}
      message={login.message}
      busy={login.busy}
      onSubmit={(username, password) => void login.submit(username, password)}
      footer={<Msg id="writes.account.noAccountYet" components={{ 0: <Link to={registrationPath} /> }} />}
    />
  );
}
