import { useQuery } from '@tanstack/react-query';
import { meResponse, USER_API } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Asks the server, with one cheap signed call (GET users/me), whether the stored session
 * `publicKey` still holds, before the login page sends a signed-in visitor on: a session ended
 * elsewhere answers 401 SESSION_ENDED, which makes the api client clear it, so the sign-in form
 * shows instead. Any other answer (even a failure to reach the server) lets the visitor on.
 */
export function useSessionCheck(publicKey: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'session-check', publicKey],
    queryFn: ({ signal }) => apiRequest('GET', USER_API.me, { schema: meResponse, signal }),
    enabled: enabled && publicKey !== undefined,
    retry: false,
    gcTime: 0,
  });
}
