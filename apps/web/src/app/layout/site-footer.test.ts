import { describe, expect, it } from 'vitest';
import { hasSiteItems, telHref } from './site-footer.ts';

describe("the footer's configured items", () => {
  it('shows nothing when the server has none configured', () => {
    expect(hasSiteItems(undefined)).toBe(false);
    expect(hasSiteItems({ social: [] })).toBe(false);
    expect(hasSiteItems({ phone: '+91 11 2430 1234', social: [] })).toBe(true);
    expect(hasSiteItems({ social: [{ network: 'x', url: 'https://x.com/ulca' }] })).toBe(true);
  });
  it('dials the phone number as written', () => {
    expect(telHref('+91 (11) 2430-1234')).toBe('tel:+911124301234');
  });
});
