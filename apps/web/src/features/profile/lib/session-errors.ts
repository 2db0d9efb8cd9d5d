import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * True for a 401: the session is over (signed out elsewhere, password reset, account deactivated).
 * Trying again cannot help; the app shell returns to the login page after 3 s, so error states
 * offer no retry then.
 */
export function isUnauthorised(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 401;
}
