import { Link } from 'react-router-dom';
import { CredentialsForm } from './credentials-form';
import { useLogin } from './use-account-actions';
import { registrationPath } from '../../lib/app-paths';

/** The login screen's form; also what a protected route shows to a guest. */
export function LoginForm({ title = 'Log in' }: { title?: string }) {
  const login = useLogin();
  return (
    <CredentialsForm
      title={title}
      submitLabel="Log in"
      message={login.message}
      busy={login.busy}
      onSubmit={(username, password) => void login.submit(username, password)}
      footer={
        <>
          Don't have an account yet? <Link to={registrationPath}>Register</Link>
        </>
      }
    />
  );
}
