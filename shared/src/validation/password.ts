import { COMMON_PASSWORDS } from './common-passwords.js';
import { writeProblem, type WriteProblem } from './writes.js';

const PASSWORD_MAX_LENGTH = 256;
const USERNAME_MAX_LENGTH = 64;

/**
 * Why a password is not acceptable, in words for the person choosing it; null when it is fine.
 * NIST 800-63B style: length over composition, a block-list of the obvious, no forced symbols. The
 * server checks a much longer list on top (api `newPasswordProblem`), too big for the web app.
 */
export function passwordProblem(password: string, username?: string): string | null {
  return passwordIssue(password, username)?.message ?? null;
}

/** passwordProblem as a problem about the `password` field, with its code for a client in another language. */
export function passwordIssue(password: string, username?: string): WriteProblem | null {
  const length = [...password].length;
  if (length > PASSWORD_MAX_LENGTH) return writeProblem('password', 'password.tooLong', { max: PASSWORD_MAX_LENGTH });
  const longEnough = length >= 15 || (length >= 8 && /[0-9]/.test(password) && /[a-z]/.test(password));
  if (!longEnough) return writeProblem('password', 'password.tooShort');
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return writeProblem('password', 'password.commonPassword');
  if (username !== undefined && lowered === usernameCaseFold(username)) return writeProblem('password', 'password.sameAsUsername');
  return null;
}

/** The form a username is stored and shown in: NFKC folds look-alike Unicode forms, trim drops stray spaces. */
export function usernameDisplay(username: string): string {
  return username.normalize('NFKC').trim();
}

/**
 * A username with case, width and stray spaces folded: 'Sam' and 'sam ' alike. Accounts are told
 * apart by the stricter `usernameKey`, which folds look-alike characters too; this is what a
 * password is compared with, and how keys were made before look-alikes were folded.
 */
export function usernameCaseFold(username: string): string {
  return usernameDisplay(username).toLowerCase();
}

/** Why a username is not acceptable; null when it is fine. */
export function usernameProblem(username: string): string | null {
  return usernameIssue(username)?.message ?? null;
}

/** usernameProblem as a problem about the `username` field, with its code. */
export function usernameIssue(username: string): WriteProblem | null {
  const trimmed = usernameDisplay(username);
  if (trimmed.length === 0) return writeProblem('username', 'username.missing');
  if ([...trimmed].length > USERNAME_MAX_LENGTH) return writeProblem('username', 'username.tooLong', { max: USERNAME_MAX_LENGTH });
  // Control and invisible formatting characters let two names look identical on screen.
  if (/[\p{Cc}\p{Cf}]/u.test(trimmed)) return writeProblem('username', 'username.invisibleCharacters');
  return null;
}
