import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The catalogue files (src/lib/i18n/locales/<lang>/<part>.json). */
const CATALOGUE = /\/src\/lib\/i18n\/locales\/[a-z]{2}\/\w+\.json$/;

/** `tree` (sections → ICU messages) with every message compiled to Lingui's token form. Throws on a message that does not parse. */
export function compileCatalogue(tree: unknown, where = ''): unknown {
  if (typeof tree === 'string') {
    try {
      return compileMessageOrThrow(tree);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
  }
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) throw new Error(`${where}: not a message or a section`);
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, compileCatalogue(v, where ? `${where}.${k}` : k)]));
}

/**
 * Compiles the interface's catalogue files at build time (docs/benchmarks.md#web): each JSON file
 * is handed on as JSON whose messages are already in the runtime's token form, so the browser
 * needs no ICU parser (about 7 KB gzip of the shell) and parses no message. Build only; the dev
 * server and the unit tests compile on first use (lib/i18n/i18n.ts). A message that does not
 * parse fails the build, naming its file and key.
 */
export function compileCatalogues(): Plugin {
  return {
    name: 'ulca-compile-catalogues',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code), id.split('/locales/')[1])), map: null };
    },
  };
}
