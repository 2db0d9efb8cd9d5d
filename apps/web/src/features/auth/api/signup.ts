import { useMutation } from '@tanstack/react-query';
import { messageResponse, USER_API } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

/** Self sign-up always asks for CONTRIBUTOR-USER (docs/product.md#roles). */
export const SIGNUP_ROLE = 'CONTRIBUTOR-USER';

/**
 * Creates an account (POST users/signup, unsigned) in the current interface language (kept in the
 * profile; the server writes the activation e-mail in it); the server e-mails an activation link. Resolves with the server's message; throws ApiRequestError (422 duplicate e-mail).
 */
export async function signup(v: { firstName: string; email: string; password: string }): Promise<string | undefined> {
  const res = await apiRequest('POST', USER_API.signup, {
    body: { users: [{ firstName: v.firstName, email: v.email, password: v.password, roles: [SIGNUP_ROLE], language: currentLanguage() }] },
    signed: false,
    schema: messageResponse,
  });
  return res.message;
}

/** TanStack mutation for `signup`. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
