import { ApiRequestError, DEFAULT_ERROR, errorText, STATUS_MESSAGES } from '../../lib/api-client.ts';

/**
 * The text to show for a failed account call (docs/product.md#messages): the server's own message when it sent
 * one, else `fallback` (e.g. 'Invalid email / password'). The api client's generic texts for a
 * bodiless 401 or 5xx are replaced by `fallback`, which says more on these screens; a network
 * failure keeps its "cannot be reached" text. The server's text is shown in the interface language
 * (lib/api-client's errorText: the catalogue's message for its code).
 */
export function accountErrorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiRequestError)) return fallback;
  if (!err.message || err.message === DEFAULT_ERROR || err.message === STATUS_MESSAGES[401]) return fallback;
  return errorText(err, fallback);
}
