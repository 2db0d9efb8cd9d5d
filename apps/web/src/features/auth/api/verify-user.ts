import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const messageSchema = z.object({ message: z.string().optional() });

/** Parameters of the activation link /activate/:email/:userId/:time? (spec 01 §2). */
export interface VerifyUserInput {
  email: string;
  userID: string;
  /** The link's :time segment, sent as the verification token. */
  token?: string;
}

/** Activates an account (POST /ulca/user-mgmt/v1/users/verify-user, unsigned). Resolves with the server's message. */
export async function verifyUser(v: VerifyUserInput): Promise<string | undefined> {
  const res = await apiRequest('POST', '/ulca/user-mgmt/v1/users/verify-user', { body: v, signed: false, schema: messageSchema });
  return res.message;
}

/**
 * Runs the activation once per link. A query (not a mutation) so that React's double effects and
 * re-renders never send it twice; never retried (a second try would report "already active").
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
