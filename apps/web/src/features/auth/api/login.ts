import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Role, Session } from '../../../lib/session.ts';

/** Response of POST /ulca/user-mgmt/v1/users/login (spec 01 §3, §7). */
export const loginResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    userKeys: z.object({ publicKey: z.string(), privateKey: z.string() }),
    userDetails: z.object({
      userID: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string().nullish(),
      roles: z.array(z.string()),
      isActive: z.boolean().optional(),
      org: z.string().nullish(),
    }),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The fixed authenticator value of the login request. */
export const AUTHENTICATOR = 'ULCA';

/**
 * Signs in (unsigned call), with the e-mailed one-time `code` once the account is past its failed
 * attempts. Resolves with the session to store; throws ApiRequestError with the server's message
 * on failure (e.g. wrong password, inactive account, 429 when a code is needed).
 */
export async function login(email: string, password: string, code?: string): Promise<Session> {
  const res = await apiRequest('POST', '/ulca/user-mgmt/v1/users/login', {
    body: { authenticator: AUTHENTICATOR, data: { email, password, ...(code ? { code } : {}) } },
    signed: false,
    schema: loginResponseSchema,
  });
  return { userKeys: res.data.userKeys, userDetails: { ...res.data.userDetails, roles: res.data.userDetails.roles as Role[] } };
}

/** TanStack mutation for `login`; variables { email, password, code? }. */
export function useLogin() {
  return useMutation({ mutationFn: (v: { email: string; password: string; code?: string }) => login(v.email, v.password, v.code) });
}
