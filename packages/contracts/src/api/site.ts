/**
 * The site's contact items shown in the web app's footer (docs/configuration.md#server "Footer"):
 * set by the operator in the server's configuration, each one absent (and hidden) when unset.
 */
import { z } from 'zod';

/** Path of the footer's items (GET, public). */
export const SITE_API = { footer: '/ulca/apis/v0/site/footer' } as const;

/** Social networks the footer has an icon for (SITE_SOCIAL_LINKS names). */
export const SOCIAL_NETWORKS = ['x', 'facebook', 'linkedin', 'youtube', 'instagram', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** GET site/footer: every item optional; `social` in the configured order. */
export const siteFooterResponse = z.object({
  address: z.string().optional(),
  phone: z.string().optional(),
  playStoreUrl: z.string().optional(),
  appStoreUrl: z.string().optional(),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
});
export type SiteFooter = z.infer<typeof siteFooterResponse>;
