/**
 * Writes (or with `value` null, removes) a cookie the server reads to pick the page it sends (the
 * interface language, the signed-in hint; docs/architecture.md#prerendered-pages): path /ulca,
 * a year, SameSite=Lax. Does nothing outside a browser (the server-side render).
 */
export function writeHintCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    value === null ? `${name}=; path=/ulca; max-age=0; samesite=lax` : `${name}=${value}; path=/ulca; max-age=31536000; samesite=lax`;
}
