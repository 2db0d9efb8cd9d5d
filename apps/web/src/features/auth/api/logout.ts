import { messageResponse, USER_API } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Ends the server session (POST users/logout, signed, body {}). Never throws: logout proceeds anyway. */
export async function logoutRequest(): Promise<void> {
  try {
    await apiRequest('POST', USER_API.logout, { body: {}, schema: messageResponse });
  } catch {
    // The local session is cleared whatever the server says.
  }
}
