import { describe, expect, it } from 'vitest';
import { siteFooterCheck, siteFooterResponse } from './site.ts';

// The web shell checks the footer with the zod-free siteFooterCheck (docs/benchmarks.md#web); the server answers with siteFooterResponse.
const SAMPLES: unknown[] = [
  { social: [] },
  { address: 'Electronics Niketan, New Delhi', phone: '+91 11 2430 1851', social: [{ network: 'x', url: 'https://x.com/ulca' }] },
  { playStoreUrl: 'https://play.google.com/x', appStoreUrl: 'https://apps.apple.com/x', social: [], extra: 'dropped' },
  { social: [{ network: 'github', url: 'https://github.com/x', more: 1 }] },
  { address: undefined, social: [] },
  {},
  { social: 'x' },
  { address: 12, social: [] },
  { phone: null, social: [] },
  { social: [{ network: 'myspace', url: 'https://myspace.com/x' }] },
  { social: [{ network: 'x' }] },
  { social: [null] },
  null,
  [],
  'footer',
];

describe('siteFooterCheck', () => {
  it('accepts and refuses what the zod schema does, and returns the same fields', () => {
    for (const sample of SAMPLES) {
      const zod = siteFooterResponse.safeParse(sample);
      let ours: unknown;
      let ok = true;
      try {
        ours = siteFooterCheck.parse(sample);
      } catch (e) {
        ok = false;
        expect(e, JSON.stringify(sample)).toBeInstanceOf(TypeError);
      }
      expect(ok, JSON.stringify(sample)).toBe(zod.success);
      if (zod.success) expect(ours, JSON.stringify(sample)).toEqual(zod.data);
    }
  });
});
