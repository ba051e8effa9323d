import { useState } from 'react';
import { passwordIssue, type Credentials } from '@allstall/shared';
import { serverMessage } from '../../lib/i18n/server-message';
import { useServices } from '../../lib/services';
import { LOGIN_MESSAGES, REGISTRATION_MESSAGES, loginErrorMessage, registrationErrorMessage } from './account-messages';

export interface AccountFormState {
  message: string;
  busy: boolean;
  submit: (username: string, password: string) => Promise<boolean>;
}

/**
 * The shared life of an account form: clear the old message, refuse locally what the server would
 * refuse anyway (so the reason shows at once, even offline), then send and turn a failure into words.
 */
function useCredentialsSubmission(
  problemBeforeSending: (username: string, password: string) => string | null,
  send: (credentials: Credentials) => Promise<unknown>,
  failureMessage: (error: unknown) => string,
): AccountFormState {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  return {
    message,
    busy,
    async submit(username, password) {
      setMessage('');
      const problem = problemBeforeSending(username, password);
      if (problem) {
        setMessage(problem);
        return false;
      }
      setBusy(true);
      try {
        await send({ username, password });
        return true;
      } catch (error) {
        setMessage(failureMessage(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** Log in; the signed-in user lands in the mirror, and the screens that wait for one follow. */
export function useLogin(): AccountFormState {
  const { session } = useServices();
  return useCredentialsSubmission(
    (username, password) => (!username || !password ? LOGIN_MESSAGES.inputError : null),
    (credentials) => session.login(credentials),
    loginErrorMessage,
  );
}

/** Register (which also signs in). The password rule is checked here first so the reason shows at once. */
export function useRegister(): AccountFormState {
  const { session } = useServices();
  return useCredentialsSubmission(
    (username, password) =>
      !username.trim() || !password ? REGISTRATION_MESSAGES.inputError : passwordRuleText(password, username),
    ({ username, password }) => session.register({ username: username.trim(), password }),
    registrationErrorMessage,
  );
}

/** Why the password breaks the shared rule, in the active language; null when it keeps it. */
function passwordRuleText(password: string, username: string): string | null {
  const issue = passwordIssue(password, username);
  return issue === null ? null : serverMessage(issue);
}
