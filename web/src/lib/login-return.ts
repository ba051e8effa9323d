import { loginPath } from './app-paths';
/** Where a person was when they were asked to log in; carried to /login in the router state. */
export interface LoginReturnState {
  from: { pathname: string; search: string; hash: string };
}

/** The router state for a link to /login that brings the person back here afterwards. */
export function loginReturnState(location: { pathname: string; search: string; hash: string }): LoginReturnState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

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
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith(loginPath)) return null;
  return `${pathname}${search}${hash}`;
}
