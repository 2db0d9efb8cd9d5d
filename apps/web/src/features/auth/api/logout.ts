import { apiRequest } from '../../../lib/api-client.ts';

/** Ends the server session (POST /ulca/user-mgmt/v1/users/logout, signed, body {}). Never throws: logout proceeds anyway. */
export async function logoutRequest(): Promise<void> {
  try {
    await apiRequest('POST', '/ulca/user-mgmt/v1/users/logout', { body: {} });
  } catch {
    // The local session is cleared whatever the server says.
  }
}
