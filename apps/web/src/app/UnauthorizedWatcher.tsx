import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../lib/toast.ts';
import { localizeMessage, useTranslation } from '../lib/i18n/i18n.ts';
import { onUnauthorized, STATUS_MESSAGES } from '../lib/api-client.ts';
import { clearSession, getSession } from '../lib/session.ts';

/** Delay between an unauthorised response and the move to the login page (docs/product.md#states-and-transitions, docs/product.md#constants-and-limits). */
export const UNAUTHORIZED_REDIRECT_MS = 3000;

/** Paths whose own 401s (e.g. a wrong password) are reported by the page itself, not by this watcher. */
const AUTH_PATHS = /^\/(user\/|activate\/|active-user)/;

/** The route `handle` of the layout routes whose pages need sign-in (app/router.tsx, around RequireAuth). */
export const SIGNED_IN_ONLY = Object.freeze({ signedInOnly: true });

/** What the watcher does with a 401 on `pathname`: nothing (the page reports it), back to login, or on as a visitor. */
export function unauthorizedAction(pathname: string, signedInOnly: boolean): 'ignore' | 'login' | 'anonymous' {
  if (AUTH_PATHS.test(pathname)) return 'ignore';
  return signedInOnly ? 'login' : 'anonymous';
}

/**
 * Listens for the global "unauthorised" flag raised by any 401 (docs/product.md#states-and-transitions, docs/product.md#messages).
 * A session the server says is over (the api client has cleared it) sends a page that needs
 * sign-in straight to the sign-in form, which says the session ended. Any other 401 on such a
 * page shows 'You are not authorized to do this action at the moment!', then after 3 s clears
 * the session and goes to the login page, remembering the current page. On a
 * public page (a model card, Explore, the dashboard…) a session that has ended must not cost the
 * visitor their page: the session is cleared at once, the page's data is fetched again as an
 * anonymous visitor, and a note says the session ended (docs/product.md#sign-in-and-accounts).
 * Several 401s in a row act once.
 */
export function UnauthorizedWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const signedInOnly = matches.some((m) => (m.handle as { signedInOnly?: boolean } | undefined)?.signedInOnly === true);
  const here = useRef({ location, signedInOnly });
  useEffect(() => {
    here.current = { location, signedInOnly };
  }, [location, signedInOnly]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);

  useEffect(() => {
    const off = onUnauthorized(({ sessionEnded }) => {
      if (pending.current) return;
      const action = unauthorizedAction(here.current.location.pathname, here.current.signedInOnly);
      if (action === 'ignore') return;
      if (sessionEnded) {
        // The api client has already dropped the session: RequireAuth shows the sign-in form,
        // which says why; a public page carries on as for a visitor.
        if (action === 'login') {
          queryClient.clear();
          return;
        }
        void queryClient.resetQueries();
        enqueueSnackbar(tRef.current('account.sessionEnded'), { variant: 'info', preventDuplicate: true });
        return;
      }
      if (action === 'anonymous') {
        // A 401 with no session is the page's own business (e.g. a visitor asking for their own items).
        if (!getSession()) return;
        clearSession();
        void queryClient.resetQueries();
        enqueueSnackbar(tRef.current('account.sessionEnded'), { variant: 'info', preventDuplicate: true });
        return;
      }
      enqueueSnackbar(localizeMessage(STATUS_MESSAGES[401]), { variant: 'error', preventDuplicate: true });
      pending.current = setTimeout(() => {
        pending.current = null;
        const from = here.current.location.pathname + here.current.location.search;
        clearSession();
        queryClient.clear();
        navigate('/user/login', { replace: true, state: AUTH_PATHS.test(from) ? undefined : { from } });
      }, UNAUTHORIZED_REDIRECT_MS);
    });
    return () => {
      off();
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [navigate, queryClient]);
  return null;
}
