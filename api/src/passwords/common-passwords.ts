import { passwordIssue, passwordProblem, writeProblem, type WriteProblem } from '@allstall/shared';
import { createRequire } from 'node:module';
import type * as CommonLanguagePackage from '@zxcvbn-ts/language-common';

let listed: ReadonlySet<string> | undefined;

/**
 * The passwords of zxcvbn-ts's common list (about 49,000, most frequent first, drawn from leaked
 * password corpora; MIT) that our length rule would otherwise accept: about 5,000, lower-cased. The
 * others can never get this far. Kept on the server, out of the web app's bundle, and loaded on
 * first use (the package unpacks all its dictionaries, about 0.2 s) rather than at every start.
 */
function breachedPasswords(): ReadonlySet<string> {
  if (listed !== undefined) return listed;
  const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof CommonLanguagePackage;
  listed = new Set(dictionary['passwords-common'].filter((entry) => passwordProblem(entry) === null).map((entry) => entry.toLowerCase()));
  return listed;
}

/**
 * Why a new password is not acceptable, or null: the shared rule (length, the short list the form
 * checks as it is typed, not the username), then the long list of passwords known from breaches,
 * which NIST SP 800-63B asks a verifier to refuse. Case does not rescue a listed password.
 */
export function newPasswordProblem(password: string, username?: string): string | null {
  return newPasswordIssue(password, username)?.message ?? null;
}

/** newPasswordProblem as a problem about the `password` field, with its code. */
export function newPasswordIssue(password: string, username?: string): WriteProblem | null {
  const ruleProblem = passwordIssue(password, username);
  if (ruleProblem !== null) return ruleProblem;
  return breachedPasswords().has(password.toLowerCase()) ? writeProblem('password', 'password.commonPassword') : null;
}
