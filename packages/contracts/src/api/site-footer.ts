/**
 * The footer's path and a zod-free check of its answer (docs/configuration.md#server "Footer").
 * A module of its own, without zod, because the footer is on every page: the web app's shell checks
 * the answer with siteFooterCheck and keeps the zod bundle out of its first load (see
 * docs/benchmarks.md#web). site.ts holds the zod schema the server answers with; site.test.ts
 * holds both checks to the same verdicts.
 */

/** Path of the footer's items (GET, public). */
export const SITE_API = { footer: '/ulca/apis/v0/site/footer' } as const;

/** Social networks the footer has an icon for (SITE_SOCIAL_LINKS names). */
export const SOCIAL_NETWORKS = ['x', 'facebook', 'linkedin', 'youtube', 'instagram', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** GET site/footer: every item optional; `social` in the configured order. */
export interface SiteFooter {
  address?: string | undefined;
  phone?: string | undefined;
  playStoreUrl?: string | undefined;
  appStoreUrl?: string | undefined;
  social: { network: SocialNetwork; url: string }[];
}

const TEXT_FIELDS = ['address', 'phone', 'playStoreUrl', 'appStoreUrl'] as const;

/**
 * siteFooterResponse's check without zod: `parse(json)` returns the footer with only its known
 * fields (unknown ones dropped, as zod does) or throws a TypeError naming the first field that does
 * not fit (a text field not a string, `social` not an array of `{ network, url }` with a known network).
 */
export const siteFooterCheck = {
  parse(json: unknown): SiteFooter {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TypeError('site footer: not an object');
    const o = json as Record<string, unknown>;
    const out: SiteFooter = { social: [] };
    for (const f of TEXT_FIELDS) {
      if (o[f] === undefined) continue;
      if (typeof o[f] !== 'string') throw new TypeError(`site footer: ${f} is not a string`);
      out[f] = o[f];
    }
    if (!Array.isArray(o.social)) throw new TypeError('site footer: social is not an array');
    for (const [i, item] of o.social.entries()) {
      const s = item as Record<string, unknown> | null;
      if (typeof s !== 'object' || s === null || !(SOCIAL_NETWORKS as readonly unknown[]).includes(s.network) || typeof s.url !== 'string')
        throw new TypeError(`site footer: social[${i}] is not a { network, url } of a known network`);
      out.social.push({ network: s.network as SocialNetwork, url: s.url });
    }
    return out;
  },
};
