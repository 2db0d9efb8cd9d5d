import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../lib/toast.ts';
import { localizeMessage } from '../lib/i18n/i18n.ts';
import { onUnauthorized, STATUS_MESSAGES } from '../lib/api-client.ts';
import { clearSession } from '../lib/session.ts';

/** Delay between an unauthorised response and the move to the login page (docs/product.md#states-and-transitions, docs/product.md#constants-and-limits). */
export const UNAUTHORIZED_REDIRECT_MS = 3000;

/** Paths whose own 401s (e.g. a wrong password) are reported by the page itself, not by this watcher. */
const AUTH_PATHS = /^\/(user\/|activate\/|active-user)/;

/**
 * Listens for the global "unauthorised" flag raised by any 401 (docs/product.md#states-and-transitions, docs/product.md#messages): shows
 * 'You are not authorized to do this action at the moment!', then after 3 s clears the session and
 * goes to the login page, remembering the current page. Several 401s in a row act once.
 */
export function UnauthorizedWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const off = onUnauthorized(() => {
      if (pending.current || AUTH_PATHS.test(here.current.pathname)) return;
      enqueueSnackbar(localizeMessage(STATUS_MESSAGES[401]), { variant: 'error', preventDuplicate: true });
      pending.current = setTimeout(() => {
        pending.current = null;
        const from = here.current.pathname + here.current.search;
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
