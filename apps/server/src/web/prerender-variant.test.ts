import { describe, expect, it } from 'vitest';
import { prerenderVariant as chooseVariant } from './delivery.ts';

/** The variant for `headers`, for a visitor who is not signed in (never null then). */
function prerenderVariant(headers: Parameters<typeof chooseVariant>[0]): { lang: string; screen: string } {
  const v = chooseVariant(headers);
  if (!v) throw new Error('no variant for a signed-out visitor');
  return v;
}

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('prerenderVariant: which prerendered page a request gets', () => {
  it('follows the language cookie the web app sets, before Accept-Language', () => {
    expect(prerenderVariant({ cookie: 'a=1; ulca-language=ta; b=2', 'accept-language': 'hi-IN,hi;q=0.9' }).lang).toBe('ta');
  });

  it('ignores a cookie value that is not an interface language (no path or unknown code reaches a file name)', () => {
    for (const bad of ['../../etc/passwd', 'fr', 'EN', '', 'hi%00', 'hi.phone']) {
      expect(prerenderVariant({ cookie: `ulca-language=${encodeURIComponent(bad)}`, 'accept-language': 'hi' }).lang, bad).toBe('hi');
    }
    expect(prerenderVariant({ cookie: ';;;===; ulca-language', 'accept-language': undefined }).lang).toBe('en');
  });

  it('takes the best of en/hi/ta from Accept-Language by quality, matching on the primary subtag', () => {
    expect(prerenderVariant({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }).lang).toBe('hi');
    expect(prerenderVariant({ 'accept-language': 'fr-FR,fr;q=0.9,ta;q=0.5,en;q=0.4' }).lang).toBe('ta');
    expect(prerenderVariant({ 'accept-language': 'en;q=0.2, hi;q=0.8' }).lang).toBe('hi');
    expect(prerenderVariant({ 'accept-language': 'de, fr' }).lang).toBe('en');
    expect(prerenderVariant({}).lang).toBe('en');
    expect(prerenderVariant({ 'accept-language': 'x'.repeat(10_000) }).lang).toBe('en');
  });

  it('sends a signed-in visitor no prerendered page (its header would be a signed-out one)', () => {
    expect(chooseVariant({ cookie: 'ulca-signed-in=1; ulca-language=hi' })).toBeNull();
    expect(chooseVariant({ cookie: 'ulca-signed-in=' })).not.toBeNull();
    expect(chooseVariant({ cookie: 'ulca-signed-in=0' })).not.toBeNull();
  });

  it('sends the phone layout to a mobile browser and the wide one to everything else', () => {
    expect(prerenderVariant({ 'user-agent': PHONE_UA }).screen).toBe('phone');
    expect(prerenderVariant({ 'user-agent': DESKTOP_UA }).screen).toBe('wide');
    expect(prerenderVariant({}).screen).toBe('wide');
  });
});
