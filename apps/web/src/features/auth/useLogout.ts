import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast.ts';
import { i18n } from '../../lib/i18n/i18n.ts';
import { clearSession } from '../../lib/session.ts';
import { logoutRequest } from './api/logout.ts';

/**
 * Returns a function that logs out (docs/product.md#screens): tells the server, clears all stored state and
 * cached queries, shows a toast and goes to the login page.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logoutRequest();
    clearSession();
    queryClient.clear();
    enqueueSnackbar(i18n.t('account.loggedOut'), { variant: 'success' });
    navigate('/user/login', { replace: true });
  }, [navigate, queryClient]);
}
