/**
 * The partner carousel (docs/product.md#what-the-platform-is): each partner type's name is text
 * from the catalogue beside a decorative icon, so it reads in the interface language (the icons
 * carry no words).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n.ts';
import { LogoCarousel } from './LogoCarousel.tsx';

afterAll(() => setLanguage('en', false));

describe('LogoCarousel', () => {
  it('names every partner type in the interface language, icons decorative', async () => {
    await setLanguage('hi', false);
    const html = renderToStaticMarkup(createElement(LogoCarousel));
    expect(html).toContain('अनुवादक और भाषाविद्');
    expect(html).not.toContain('Translators');
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(7);
    for (const img of imgs) expect(img).toContain('alt=""');
  });

  it('ships icons without words', () => {
    const dir = path.resolve(import.meta.dirname, '../../../public/logos');
    for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.svg')))
      expect(fs.readFileSync(path.join(dir, f), 'utf8')).not.toMatch(/<text/);
  });
});
