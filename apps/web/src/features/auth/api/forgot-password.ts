import { useMutation } from '@tanstack/react-query';
import { messageResponse, USER_API } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Shown when the server answers without a message of its own. */
export const FORGOT_PASSWORD_SENT = 'If an account exists for this e-mail, we have sent a link to reset the password.';

/**
 * Asks for a password reset link (POST users/forgot-password, unsigned, body
 * {email}). The server answers the same whether or not the account exists; resolves with its message.
 */
export async function forgotPassword(email: string): Promise<string> {
  const res = await apiRequest('POST', USER_API.forgotPassword, { body: { email }, signed: false, schema: messageResponse });
  return res.message || FORGOT_PASSWORD_SENT;
}

/** TanStack mutation for `forgotPassword`; variables: the e-mail address. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
