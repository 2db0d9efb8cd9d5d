import { useQuery } from '@tanstack/react-query';
import { USER_API, verifyUserResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Parameters of the activation link /activate/:email/:userId/:time? (docs/product.md#sign-in-and-accounts). */
export interface VerifyUserInput {
  email: string;
  userID: string;
  /** The link's :time segment, sent as the verification token. */
  token?: string;
}

/** What activation said: the server's message, and whether the account was active already (a used link). */
export interface VerifyUserResult {
  message: string;
  alreadyActive: boolean;
}

/** Activates an account (POST users/verify-user, unsigned). */
export async function verifyUser(v: VerifyUserInput): Promise<VerifyUserResult> {
  const res = await apiRequest('POST', USER_API.verifyUser, { body: v, signed: false, schema: verifyUserResponse });
  return { message: res.message, alreadyActive: res.code === 'ALREADY_ACTIVE' };
}

/**
 * Runs the activation once per link. A query (not a mutation) so that React's double effects and
 * re-renders never send it twice; never retried (a second try would only report "already active").
 */
export function useVerifyUser(v: VerifyUserInput) {
  return useQuery({
    queryKey: ['verify-user', v.email, v.userID, v.token ?? null],
    queryFn: () => verifyUser(v),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
