import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { localizeMessage, type TFunction } from '../../../lib/i18n/i18n.ts';

/** Server error codes of the admin calls that the catalogue words itself (admin.error.<CODE>). */
const KNOWN_CODES = new Set(['SELF_EDIT', 'SYSTEM_ACCOUNT', 'DUPLICATE_EMAIL', 'NOT_FOUND']);

/**
 * The text to show for a failed admin call, in the interface language
 * (docs/product.md#languages-of-the-interface): the catalogue's message for a known error `code`,
 * else the server's message through localizeMessage, else `fallback`.
 */
export function adminErrorText(t: TFunction, err: unknown, fallback?: string): string {
  if (err instanceof ApiRequestError && err.code && KNOWN_CODES.has(err.code)) return t(`admin.error.${err.code}`);
  return localizeMessage(errorMessage(err, fallback)) ?? '';
}
