import { useMutation } from '@tanstack/react-query';
import {
  messageResponse,
  profileNameResponse,
  profilePasswordResponse,
  USER_API,
  type ProfileDeleteBody,
  type ProfileNameBody,
  type ProfilePasswordBody,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession, setSession, type UserDetails } from '../../../lib/session.ts';

/**
 * Account self-service (docs/product.md#profile-and-api-keys "My account", docs/api.md#route-groups):
 * the signed-in user's own name, password and account. Every call is signed; the server acts on
 * the account that signed it.
 */

/** Saves the caller's name (POST users/profile/name) and puts it into the stored session, so the header shows it at once. */
export async function saveOwnName(body: ProfileNameBody): Promise<UserDetails> {
  const res = await apiRequest('POST', USER_API.profileName, { body, schema: profileNameResponse });
  const session = getSession();
  if (session) setSession({ ...session, userDetails: { ...session.userDetails, ...res.data, roles: session.userDetails.roles } });
  return res.data as UserDetails;
}

/** Changes the caller's password (POST users/profile/password); resolves with how many other sessions ended. */
export async function changeOwnPassword(body: ProfilePasswordBody): Promise<number> {
  const res = await apiRequest('POST', USER_API.profilePassword, { body, schema: profilePasswordResponse });
  return res.sessionsEnded;
}

/** Deletes the caller's account (POST users/profile/delete); the caller then clears the session. */
export async function deleteOwnAccount(body: ProfileDeleteBody): Promise<void> {
  await apiRequest('POST', USER_API.profileDelete, { body, schema: messageResponse });
}

/** TanStack mutations of the three calls. */
export const useSaveOwnName = () => useMutation({ mutationFn: saveOwnName });
export const useChangeOwnPassword = () => useMutation({ mutationFn: changeOwnPassword });
export const useDeleteOwnAccount = () => useMutation({ mutationFn: deleteOwnAccount });
