import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import type { LoginRedirectState } from '../features/auth/redirect.ts';

/**
 * Layout route for pages that need sign-in (docs/product.md#screens): a visitor without a stored session is sent
 * to /user/login with the requested path remembered (the login page returns there afterwards).
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginRedirectState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/user/login" replace state={state} />;
  }
  return <Outlet />;
}
