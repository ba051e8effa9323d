import { HttpError } from '@/lib/api/api-client';
import { t } from '@/lib/i18n/i18n';
import type { MessageId } from '@/lib/i18n/message-id';
import { serverMessage } from '@/lib/i18n/server-message';

/*
 * The product's exact wording (docs/product-rules.md#exact-wording); tests pin it. Each function
 * says its words in the language active when it is called.
 */
export const LOGIN_MESSAGES = {
  inputError: 'writes.account.loginInputError',
  mismatch: 'writes.account.loginMismatch',
  serverProblem: 'writes.account.serverProblem',
} as const satisfies Record<string, MessageId>;

export const REGISTRATION_MESSAGES = {
  inputError: 'writes.account.registrationInputError',
  failed: 'writes.account.registrationFailed',
} as const satisfies Record<string, MessageId>;

/** A 429 says how long to wait ("Too many failed logins. Try again in 15 minutes."); people need that. */
function waitMessage(error: unknown): string | undefined {
  return error instanceof HttpError && error.status === 429 && error.body?.message ? serverMessage(error.body) : undefined;
}

export function loginErrorMessage(error: unknown): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  return t(error instanceof HttpError && error.status === 401 ? LOGIN_MESSAGES.mismatch : LOGIN_MESSAGES.serverProblem);
}

/**
 * A 400 names what is wrong with the input (usually the password policy); people need that reason,
 * so it is shown as the server said it. No answer at all is a connection problem, not a taken name.
 */
export function registrationErrorMessage(error: unknown): string {
  const wait = waitMessage(error);
  if (wait) return wait;
  if (error instanceof HttpError) {
    if (error.status === 400 && error.body?.message) return serverMessage(error.body);
    return t(REGISTRATION_MESSAGES.failed);
  }
  return t(LOGIN_MESSAGES.serverProblem);
}

/** The password rule as people read it, under the password field. */
export function passwordRuleText(): string {
  return t('writes.account.passwordRule');
}
