import { Link, useLocation } from 'react-router-dom';
import { CredentialsForm } from './credentials-form';
import { useLogin } from './use-account-actions';
import { loginPath, registrationPath } from '@/lib/links/app-paths';
import { loginReturnState } from '@/lib/login/login-return';
import { passedReturnState } from '@/lib/login/login-return-target';
import { Msg, useT } from '@/lib/i18n/use-t';

/**
 * The login screen's form; also what a protected route shows to a guest. Its link to registration
 * carries where the person came from, so registering instead brings them back just as logging in does.
 */
export function LoginForm({ title }: { title?: string }) {
  const t = useT();
  const login = useLogin();
  const location = useLocation();
  // On /login, the place the person came from; in a protected route's stead, that route.
  const returnState = location.pathname === loginPath ? passedReturnState(location.state) : loginReturnState(location);
  return (
    <CredentialsForm
      title={title ?? t('writes.logIn')}
      submitLabel={t('writes.logIn')}
      message={login.message}
      busy={login.busy}
      onSubmit={(username, password) => void login.submit(username, password)}
      footer={<Msg id="writes.account.noAccountYet" components={{ 0: <Link to={registrationPath} state={returnState} /> }} />}
    />
  );
}
