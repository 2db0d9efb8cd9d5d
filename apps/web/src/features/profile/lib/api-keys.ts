import { formatDateTime24 } from '../../../lib/dates.ts';

/** The fields of an API key row that the search box reads. */
export interface SearchableApiKey {
  appName: string;
  ulcaApiKey: string;
  serviceProviderKeys: readonly { serviceProviderName: string }[];
}

/** Case-insensitive match of `term` against the app name, the key identifier and the provider names (docs/product.md#profile-and-api-keys Profile search). */
export function matchesApiKeySearch(row: SearchableApiKey, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [row.appName, row.ulcaApiKey, ...row.serviceProviderKeys.map((p) => p.serviceProviderName)].some((f) =>
    f.toLowerCase().includes(t),
  );
}

/** The rows that match the search term, in their original order. */
export function searchApiKeys<T extends SearchableApiKey>(rows: readonly T[], term: string): T[] {
  return rows.filter((r) => matchesApiKeySearch(r, term));
}

/** The app name as sent to the server: trimmed. */
export function normaliseAppName(name: string): string {
  return name.trim();
}

/** Generate is enabled only once the app name has a non-blank character (docs/product.md#validation-rules). */
export function canGenerateKey(appName: string): boolean {
  return normaliseAppName(appName).length > 0;
}

/** A key's creation time (a time the spec does not name: en-IN, 24-hour, as the app's other such times), e.g. '21/11/2026, 18:05:00'; '-' when missing or unparseable. */
export const formatKeyCreatedOn = formatDateTime24;

/** The text the provider row shows for its inference key: the masked value, or that none exists yet. */
export function providerKeyText(key: { value?: string | null; name?: string | null } | null): string {
  return key?.value ? key.value : 'Not generated';
}
