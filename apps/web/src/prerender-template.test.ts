import { describe, expect, it } from 'vitest';
import { fillTemplate, jsonForScript } from './prerender-template.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>ULCA</title><script type="module" crossorigin src="/ulca/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';

describe('fillTemplate: a prerendered page in the build’s index.html', () => {
  it('puts the markup in #root, the language on <html> and the page title, escaped, in <title>', () => {
    const out = fillTemplate(TEMPLATE, '<main><h1>डैशबोर्ड</h1></main>', '<style data-x>a{}</style>', 'hi', 'A <b> & "c"');
    expect(out).toContain('<style data-x>a{}</style></head>');
    expect(out).toContain('<html lang="hi">');
    expect(out).toContain('<div id="root" data-prerendered><main><h1>डैशबोर्ड</h1></main></div>');
    expect(out).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot; | ULCA</title>');
    expect(out).toContain('<script type="module" crossorigin src="/ulca/assets/index-x.js"></script>');
  });

  it('keeps the plain title when the page set none, and takes `$` in the markup literally', () => {
    const out = fillTemplate(TEMPLATE, '<p>$& $1 $$</p>', '', 'en', null);
    expect(out).toContain('<title>ULCA</title>');
    expect(out).toContain('<div id="root" data-prerendered><p>$& $1 $$</p></div>');
  });

  it('refuses a template without the root element', () => {
    expect(() => fillTemplate(TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>'), '<p/>', '', 'en', null)).toThrow(/root/);
  });

  it('adds the page data as JSON no value can break out of', () => {
    const hostile = { name: '</script><script>alert(1)</script><!--', n: 1 };
    const out = fillTemplate(TEMPLATE, '<p/>', '', 'en', null, { queries: [hostile] });
    const script = /<script type="application\/json" id="ulca-page-data">(.*?)<\/script><\/body>/.exec(out);
    expect(script).not.toBeNull();
    expect(script![1]).not.toContain('<');
    expect(JSON.parse(script![1])).toEqual({ queries: [hostile] });
    expect(out.match(/<script/g)).toHaveLength(2);
    expect(jsonForScript('a<b')).toBe('"a\\u003cb"');
  });

  it('writes no data element when the page has none', () => {
    expect(fillTemplate(TEMPLATE, '<p/>', '', 'en', null)).not.toContain('application/json');
  });
});
