import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile-catalogues.ts';

const LOCALES = path.resolve(import.meta.dirname, '../src/lib/i18n/locales');

/** Every leaf of a catalogue tree as 'a.b.c' → value. */
function leaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [k, v] of Object.entries(tree as object)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' || Array.isArray(v)) out.set(key, v);
    else leaves(v, key, out);
  }
  return out;
}

/** Values for a message's arguments: a number for every name (plurals need one), shown as itself. */
const VALUES = new Proxy({}, { get: (_t, name) => (typeof name === 'string' ? 3 : undefined), has: () => true });

describe('catalogues compiled at build time', () => {
  it('every message of every language reads the same compiled by the build as compiled by the runtime', () => {
    const differ: string[] = [];
    let count = 0;
    for (const lang of fs.readdirSync(LOCALES)) {
      for (const file of fs.readdirSync(path.join(LOCALES, lang))) {
        const raw = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, file), 'utf8')) as unknown;
        // What the build hands on is JSON: compiled, then serialised and read back.
        const built = JSON.parse(JSON.stringify(compileCatalogue(raw, `${lang}/${file}`))) as unknown;
        const runtime = setupI18n();
        runtime.setMessagesCompiler(compileMessage);
        runtime.loadAndActivate({ locale: lang, messages: Object.fromEntries(leaves(raw)) as Record<string, string> });
        const shipped = setupI18n(); // no compiler, as in the browser
        shipped.loadAndActivate({ locale: lang, messages: Object.fromEntries(leaves(built)) as Record<string, string> });
        for (const [key, message] of leaves(raw)) {
          count++;
          // The runtime answers the key for an empty raw message; lib/i18n/i18n.ts shows '' for it.
          const expected = message === '' ? '' : runtime._(key, VALUES);
          if (shipped._(key, VALUES) !== expected) differ.push(`${lang}/${file} ${key}`);
        }
      }
    }
    expect(count).toBeGreaterThan(5000);
    expect(differ).toEqual([]);
  });

  it('refuses a message that does not parse, naming its file and key', () => {
    expect(() => compileCatalogue({ page: { title: 'Files: {count, plural, one {# file}' } }, 'en/x.json')).toThrow(
      /en\/x\.json.*page\.title/,
    );
    expect(() => compileCatalogue({ page: 3 }, 'en/x.json')).toThrow(/page: not a message/);
  });
});
