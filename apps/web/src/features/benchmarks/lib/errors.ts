import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { currentLanguage, i18n, localizeMessage } from '../../../lib/i18n/i18n.ts';

/**
 * The text of a failed benchmark call in the interface language
 * (docs/product.md#languages-of-the-interface "Server messages"). English shows the server's
 * message as sent (it names the benchmark and metric); Hindi and Tamil the catalogue's message for
 * the answer's `code` (`benchmarks.errors.<CODE>`) when it has one, else the server's message (or
 * the generic failure text) through localizeMessage.
 */
export function benchmarkErrorText(err: unknown): string {
  const code = err instanceof ApiRequestError ? err.code : undefined;
  if (currentLanguage() !== 'en' && code && i18n.exists(`benchmarks.errors.${code}`)) return i18n.t(`benchmarks.errors.${code}`);
  return localizeMessage(errorMessage(err)) ?? '';
}

/** True when the error is the API's 404: the thing asked for does not exist (asking again will not help). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiRequestError && err.status === 404;
}
