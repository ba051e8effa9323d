import { HttpError } from '../../lib/api-client';

/** The product's exact wording (docs/product-rules.md#exact-wording); tests pin it. */
export const LOGIN_MESSAGES = {
  inputError: 'Enter your username and password!',
  mismatch: "Oops! The username and password didn't match. Try again!",
  serverProblem: 'Oops! Something went wrong! Is the server running?',
} as const;

export const REGISTRATION_MESSAGES = {
  inputError: 'Choose a username and password!',
  failed: "Oops! That didn't work. The username might already be taken. Try again!",
} as const;

/** A 429 says how long to wait ("Too many failed logins. Try again in 15 minutes."); people need that. */
function waitMessage(error: unknown): string | undefined {
  return error instanceof HttpError && error.status === 429 ? error.body?.message : undefined;
}

export function loginErrorMessage(error: unknown): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  return error instanceof HttpError && error.status === 401 ? LOGIN_MESSAGES.mismatch : LOGIN_MESSAGES.serverProblem;
}

/**
 * A 400 names what is wrong with the input (usually the password policy); people need that reason,
 * so it is shown as the server wrote it. No answer at all is a connection problem, not a taken name.
 */
export function registrationErrorMessage(error: unknown): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  if (error instanceof HttpError) {
    if (error.status === 400 && error.body?.message) return error.body.message;
    return REGISTRATION_MESSAGES.failed;
  }
  return LOGIN_MESSAGES.serverProblem;
}
