/** The fields of an API key row that the search box reads. */
export interface SearchableApiKey {
  appName: string;
  ulcaApiKey: string;
  serviceProviderKeys: readonly { serviceProviderName: string }[];
}

/** Case-insensitive match of `term` against the app name, the key identifier and the provider names (spec 02 §2 Profile search). */
export function matchesApiKeySearch(row: SearchableApiKey, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [row.appName, row.ulcaApiKey, ...row.serviceProviderKeys.map((p) => p.serviceProviderName)].some((f) => f.toLowerCase().includes(t));
}

/** The rows that match the search term, in their original order. */
export function searchApiKeys<T extends SearchableApiKey>(rows: readonly T[], term: string): T[] {
  return rows.filter((r) => matchesApiKeySearch(r, term));
}

/** The app name as sent to the server: trimmed. */
export function normaliseAppName(name: string): string {
  return name.trim();
}

/** Generate is enabled only once the app name has a non-blank character (spec 02 §5). */
export function canGenerateKey(appName: string): boolean {
  return normaliseAppName(appName).length > 0;
}

const dateTime = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A key's creation time as 'DD/MM/YYYY, HH:mm' (en-IN, 24-hour, local time); '-' when missing or unparseable. */
export function formatKeyCreatedOn(iso: string | null | undefined, format: Intl.DateTimeFormat = dateTime): string {
  if (!iso) return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '-' : format.format(d);
}

/** The text the provider row shows for its inference key: the masked value, or that none exists yet. */
export function providerKeyText(key: { value?: string | null; name?: string | null } | null): string {
  return key?.value ? key.value : 'Not generated';
}
