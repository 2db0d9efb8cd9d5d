import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Delay before the forgot and reset screens return to the login page (docs/product.md#sign-in-and-accounts, docs/product.md#constants-and-limits), milliseconds. */
export const BACK_TO_LOGIN_MS = 3000;

/**
 * Once `when` becomes true, goes to /user/login after `BACK_TO_LOGIN_MS` (replacing the current
 * entry, so Back does not reopen a used link). Leaving the page earlier cancels the move.
 */
export function useBackToLogin(when: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const t = setTimeout(() => navigate('/user/login', { replace: true }), BACK_TO_LOGIN_MS);
    return () => clearTimeout(t);
  }, [when, navigate]);
}
