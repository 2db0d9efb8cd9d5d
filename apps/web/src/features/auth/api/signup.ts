import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const messageSchema = z.object({ message: z.string().optional() });

/** Self sign-up always asks for CONTRIBUTOR-USER (spec 01 §6). */
export const SIGNUP_ROLE = 'CONTRIBUTOR-USER';

/**
 * Creates an account (POST /ulca/user-mgmt/v1/users/signup, unsigned); the server e-mails an
 * activation link. Resolves with the server's message; throws ApiRequestError (422 duplicate e-mail).
 */
export async function signup(v: { firstName: string; email: string; password: string }): Promise<string | undefined> {
  const res = await apiRequest('POST', '/ulca/user-mgmt/v1/users/signup', {
    body: { users: [{ firstName: v.firstName, email: v.email, password: v.password, roles: [SIGNUP_ROLE] }] },
    signed: false,
    schema: messageSchema,
  });
  return res.message;
}

/** TanStack mutation for `signup`. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
