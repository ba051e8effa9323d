// The writing side: what a link to /login carries. Reading it on arrival is login-return-target.ts,
// which only the account screens and a restroom's page need, so it stays out of the first download.
/**
 * Where a person was when they were asked to log in, and what they were about to do there; carried
 * in the router state to /login, on to /registration and back (either way in), and home again.
 */
export interface LoginReturnState {
  from: { pathname: string; search: string; hash: string };
  /** What to reopen on coming back, in words the screen knows ('feedback'); absent: just the place. */
  resume?: string;
}

/** The router state a screen finds on coming back from a login or a registration: what to reopen. */
export interface ResumeState {
  resume: string;
}

/** The router state for a link to /login that brings the person back here afterwards. */
export function loginReturnState(location: { pathname: string; search: string; hash: string }, resume?: string): LoginReturnState {
  return {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
    ...(resume === undefined ? {} : { resume }),
  };
}
