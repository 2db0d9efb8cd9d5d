import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const messageSchema = z.object({ message: z.string().optional() });

/** Shown when the server answers without a message of its own. */
export const FORGOT_PASSWORD_SENT = 'If an account exists for this e-mail, we have sent a link to reset the password.';

/**
 * Asks for a password reset link (POST /ulca/user-mgmt/v1/users/forgot-password, unsigned, body
 * {email}). The server answers the same whether or not the account exists; resolves with its message.
 */
export async function forgotPassword(email: string): Promise<string> {
  const res = await apiRequest('POST', '/ulca/user-mgmt/v1/users/forgot-password', { body: { email }, signed: false, schema: messageSchema });
  return res.message || FORGOT_PASSWORD_SENT;
}

/** TanStack mutation for `forgotPassword`; variables: the e-mail address. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
