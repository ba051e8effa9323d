import { loginPath, registrationPath } from '../links/app-paths';
import type { LoginReturnState, ResumeState } from './login-return';

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/**
 * The in-app path to return to after logging in, or null. History state can be anything (another
 * app version wrote it, or someone crafted it), so only a plain same-origin path is accepted.
 */
export function loginReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
  if (!isString(pathname) || !isString(search) || !isString(hash)) return null;
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (pathname.startsWith(loginPath) || pathname.startsWith(registrationPath)) return null;
  return `${pathname}${search}${hash}`;
}

/**
 * Where to go once signed in (by logging in or by registering), or null: the path, and the state
 * telling that screen what to reopen.
 */
export function loginReturnTarget(state: unknown): { to: string; state: ResumeState | null } | null {
  const to = loginReturnPath(state);
  if (to === null) return null;
  const resume = (state as { resume?: unknown }).resume;
  return { to, state: isString(resume) && resume !== '' ? { resume } : null };
}

/** The return state to pass along between /login and /registration, or undefined when there is none. */
export function passedReturnState(state: unknown): LoginReturnState | undefined {
  return loginReturnPath(state) === null ? undefined : (state as LoginReturnState);
}

/** What the screen was asked to reopen on coming back from a login or a registration, or null. */
export function resumeAfterLogin(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('resume' in state)) return null;
  return isString(state.resume) && !('from' in state) ? state.resume : null;
}
