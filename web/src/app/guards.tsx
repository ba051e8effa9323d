import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { User } from '@allstall/shared';
import { useCurrentUser } from '../hooks/use-current-user';
import { lazyScreen } from './lazy-screen';
import { profilePath } from '../lib/links/app-paths';

// Fetched with the first protected screen a guest opens, like the screens themselves.
const LoginForm = lazyScreen(() => import('../features/account/login-form').then((m) => m.LoginForm));

/** Protected route (docs/product-rules.md#screens-and-routes): a guest sees the login screen in place; signing in there reveals the page. */
export function RequireUser({ children }: { children: (user: User) => ReactNode }) {
  const { user, known } = useCurrentUser();
  if (!known) return null;
  if (!user) return <GuestLogin />;
  return <>{children(user)}</>;
}

/** Admin pages: guests log in first; signed-in non-admins are sent to their profile. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, known } = useCurrentUser();
  if (!known) return null;
  if (!user) return <GuestLogin />;
  if (!user.is_admin) return <Navigate to={profilePath} replace />;
  return <>{children}</>;
}

function GuestLogin() {
  return (
    <div className="auth-card auth-card--inline">
      <LoginForm />
    </div>
  );
}
