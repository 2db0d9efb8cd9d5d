import type { Role } from '@ulca/contracts';

/** Router state that protected routes pass to the login page: the path the visitor asked for. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Where to go after a successful login (docs/product.md#states-and-transitions): the originally requested page if one was
 * given (a same-app path starting with '/', never the auth screens themselves); otherwise ADMIN →
 * /admin/view-user-details, EXTERNAL-CONSORTIUM-MEMBER → /model/explore-models, others → /dashboard.
 * Paths are relative to the router basename (/ulca).
 */
export function postLoginPath(roles: readonly Role[] | readonly string[], from?: string | null): string {
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/user/') && !from.startsWith('/activate')) return from;
  const first = roles[0];
  if (first === 'ADMIN') return '/admin/view-user-details';
  if (first === 'EXTERNAL-CONSORTIUM-MEMBER') return '/model/explore-models';
  return '/dashboard';
}
