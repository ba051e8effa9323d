import { useState } from 'react';
import { passwordIssue, type Credentials } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';
import { serverMessage } from '@/lib/i18n/server-message';
import { useLocale } from '@/lib/i18n/use-t';
import { useServices } from '@/lib/services';
import { LOGIN_MESSAGES, REGISTRATION_MESSAGES, loginErrorMessage, registrationErrorMessage } from './account-messages';

export interface AccountFormState {
  message: string;
  busy: boolean;
  submit: (username: string, password: string) => Promise<boolean>;
}

/** How to say the form's message: kept as words to say, so a change of language says it again. */
type Saying = () => string;

/**
 * The shared life of an account form: clear the old message, refuse locally what the server would
 * refuse anyway (so the reason shows at once, even offline), then send and turn a failure into words.
 */
function useCredentialsSubmission(
  problemBeforeSending: (username: string, password: string) => Saying | null,
  send: (credentials: Credentials) => Promise<unknown>,
  failureMessage: (error: unknown) => string,
): AccountFormState {
  // The form renders again in a new language, and the message is said again in it.
  useLocale();
  const [saying, setSaying] = useState<{ say: Saying } | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    message: saying?.say() ?? '',
    busy,
    async submit(username, password) {
      setSaying(null);
      const problem = problemBeforeSending(username, password);
      if (problem) {
        setSaying({ say: problem });
        return false;
      }
      setBusy(true);
      try {
        await send({ username, password });
        return true;
      } catch (error) {
        setSaying({ say: () => failureMessage(error) });
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
    (username, password) => (!username || !password ? () => t(LOGIN_MESSAGES.inputError) : null),
    (credentials) => session.login(credentials),
    loginErrorMessage,
  );
}

/** Register (which also signs in). The password rule is checked here first so the reason shows at once. */
export function useRegister(): AccountFormState {
  const { session } = useServices();
  return useCredentialsSubmission(
    (username, password) => {
      if (!username.trim() || !password) return () => t(REGISTRATION_MESSAGES.inputError);
      const problem = passwordIssue(password, username);
      return problem === null ? null : () => serverMessage(problem);
    },
    ({ username, password }) => session.register({ username: username.trim(), password }),
    registrationErrorMessage,
  );
}
