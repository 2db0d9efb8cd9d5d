import { useMutation, useQuery } from '@tanstack/react-query';
import { messageResponse, tokenStatusResponse, USER_API, type TokenStatusResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's code for an unknown, expired or already used reset token (contracts: Accounts). */
export const RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID';
/** Shown when the link is refused without a message of the server's own. */
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';

/** Response of POST users/get/token/status for a valid link, as the server answers it. */
export const tokenStatusSchema = tokenStatusResponse;
export type TokenStatus = TokenStatusResponse['data'];

/**
 * Checks a reset link (POST users/get/token/status, unsigned, body {token, email}).
 * Resolves with {valid: true, email}; throws ApiRequestError (400 RESET_TOKEN_INVALID) for a link
 * that is unknown, expired or already used.
 */
export async function fetchTokenStatus(email: string, token: string, signal?: AbortSignal): Promise<TokenStatus> {
  const res = await apiRequest('POST', USER_API.tokenStatus, { body: { token, email }, signed: false, schema: tokenStatusSchema, signal });
  return res.data;
}

/**
 * The link check of the reset screen, run once per link: never retried and never refetched (the
 * answer cannot change while the page is open, and a retry would only delay the error).
 */
export function useTokenStatus(email: string, token: string) {
  return useQuery({
    queryKey: ['reset-token-status', email, token],
    queryFn: ({ signal }) => fetchTokenStatus(email, token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Input of `resetPassword`: the link's e-mail and token, and the new password. */
export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
}

/**
 * Sets a new password with a reset link (POST users/reset-password, unsigned).
 * Resolves with the server's message ('Password changed successfully.'); throws ApiRequestError:
 * 400 with the password rule's message for a weak password, 400 RESET_TOKEN_INVALID for a bad link.
 */
export async function resetPassword(v: ResetPasswordInput): Promise<string> {
  const res = await apiRequest('POST', USER_API.resetPassword, {
    body: { email: v.email, token: v.token, password: v.password },
    signed: false,
    schema: messageResponse,
  });
  return res.message || 'Password changed successfully.';
}

/** TanStack mutation for `resetPassword`. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
