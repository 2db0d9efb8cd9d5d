import { useQuery } from '@tanstack/react-query';
import { SITE_API, siteFooterCheck, type SiteFooter } from '@ulca/contracts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The footer's contact items the operator configured on the server (GET site/footer, public;
 * docs/configuration.md#server "Footer"). Fetched once per visit, unsigned; while loading or
 * when the call fails the footer simply shows none. The answer is checked with the contracts'
 * zod-free siteFooterCheck: the shell stays without zod (docs/benchmarks.md#web).
 */
export function useSiteFooter() {
  return useQuery({
    queryKey: ['site', 'footer'],
    queryFn: ({ signal }) => apiRequest('GET', SITE_API.footer, { signed: false, schema: siteFooterCheck, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** True when `footer` has anything to show (else the footer keeps its contact column as it is). */
export function hasSiteItems(footer: SiteFooter | undefined): footer is SiteFooter {
  return !!footer && !!(footer.address || footer.phone || footer.playStoreUrl || footer.appStoreUrl || footer.social.length);
}

/** `tel:` link of a phone number as written (spaces, dashes, brackets dropped; a leading + kept). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
