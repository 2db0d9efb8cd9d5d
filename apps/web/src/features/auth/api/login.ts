import { useMutation } from '@tanstack/react-query';
import { loginResponse, USER_API, type LoginBody, type LoginResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Role } from '@ulca/contracts';
import type { Session } from '../../../lib/session.ts';

/** Response of POST users/login (docs/product.md#entities-and-fields, docs/api.md#route-groups), as the server answers it. */
export const loginResponseSchema = loginResponse;
export type { LoginResponse };

/** The fixed authenticator value of the login request. */
export const AUTHENTICATOR: LoginBody['authenticator'] = 'ULCA';

/**
 * Signs in (unsigned call), with the e-mailed one-time `code` once the account is past its failed
 * attempts. Resolves with the session to store; throws ApiRequestError with the server's message
 * on failure (e.g. wrong password, inactive account, 429 when a code is needed).
 */
export async function login(email: string, password: string, code?: string): Promise<Session> {
  const res = await apiRequest('POST', USER_API.login, {
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
