import { useState } from 'react';
import { passwordProblem } from '@allstall/shared';
import { useServices } from '../../lib/services';
import { LOGIN_MESSAGES, REGISTRATION_MESSAGES, loginErrorMessage, registrationErrorMessage } from './account-messages';

export interface AccountFormState {
  message: string;
  busy: boolean;
  submit: (username: string, password: string) => Promise<boolean>;
}

/** Log in; the signed-in user lands in the mirror, and the screens that wait for one follow. */
export function useLogin(): AccountFormState {
  const { session } = useServices();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  return {
    message,
    busy,
    async submit(username, password) {
      setMessage('');
      if (!username || !password) {
        setMessage(LOGIN_MESSAGES.inputError);
        return false;
      }
      setBusy(true);
      try {
        await session.login({ username, password });
        return true;
      } catch (error) {
        setMessage(loginErrorMessage(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** Register (which also signs in). The password rule is checked here first so the reason shows at once. */
export function useRegister(): AccountFormState {
  const { session } = useServices();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  return {
    message,
    busy,
    async submit(username, password) {
      setMessage('');
      if (!username.trim() || !password) {
        setMessage(REGISTRATION_MESSAGES.inputError);
        return false;
      }
      const problem = passwordProblem(password, username);
      if (problem) {
        setMessage(problem);
        return false;
      }
      setBusy(true);
      try {
        await session.register({ username: username.trim(), password });
        return true;
      } catch (error) {
        setMessage(registrationErrorMessage(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}
