/**
 * The site's contact items shown in the web app's footer (docs/configuration.md#server "Footer"):
 * set by the operator in the server's configuration, each one absent (and hidden) when unset.
 */
import { z } from 'zod';
import { SOCIAL_NETWORKS, type SiteFooter } from './site-footer.ts';

// The path, the networks, the answer's type and its zod-free check: site-footer.ts.
export * from './site-footer.ts';

/** GET site/footer (the server's answer schema): every item optional; `social` in the configured order. */
export const siteFooterResponse = z.object({
  address: z.string().optional(),
  phone: z.string().optional(),
  playStoreUrl: z.string().optional(),
  appStoreUrl: z.string().optional(),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
});

// The zod schema and the hand-written type stay the same shape (a compile error here otherwise).
const sameShape: [SiteFooter, z.infer<typeof siteFooterResponse>] = [{} as z.infer<typeof siteFooterResponse>, {} as SiteFooter];
void sameShape;
