import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Guard of docs/product.md#languages-of-the-interface: no user-visible English literal in the
 * web app's JSX. Text children and the text-bearing props below must come from the catalogue
 * (`t('…')`). Words that are the same in every language (the brand, symbols) are allowed.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Props whose string value is read or heard by the user. */
const TEXT_PROPS = new Set([
  'aria-label',
  'label',
  'placeholder',
  'title',
  'alt',
  'helperText',
  'primary',
  'secondary',
  'message',
  'emptyText',
  'loading',
  'errorTitle',
  'subtitle',
  'confirmLabel',
  'text',
  'description',
  'tooltip',
  'heading',
  'caption',
]);

/** Words that read the same in every interface language (the brand); symbols are ignored anyway. */
const SAME_IN_EVERY_LANGUAGE = /\b(ULCA|API)\b/g;

/**
 * Files (relative to apps/web/src) whose texts are not in the catalogue yet, each a whole feature
 * or component still to move (docs/product.md#languages-of-the-interface lists them). The test
 * fails when a file here has become clean, so this list only shrinks.
 */
const NOT_YET_TRANSLATED: readonly string[] = [];

/** The user-visible literals of one .tsx source: `line: text`. */
export function jsxLiterals(source: string, fileName = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    // Example addresses (placeholders such as https://example.com/voice.wav) read the same everywhere.
    if (!/\p{L}/u.test(t.replace(SAME_IN_EVERY_LANGUAGE, '')) || /^https?:\/\/\S+$/.test(t)) return;
    found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${t}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (
        ts.isJsxExpression(init) &&
        init.expression &&
        (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
      )
        report(init, init.expression.text);
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      node.expression
    ) {
      if (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) report(node, node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return tsxFiles(p);
    return d.name.endsWith('.tsx') ? [p] : [];
  });
}

describe('no literal text in JSX', () => {
  it('the rule fires on literal text and text props, not on t() calls or symbols', () => {
    const found = jsxLiterals(`const A = () => (<Box aria-label="Main" title={t('x')}>
      Hello {'world'} <b>{t('k')}</b> ULCA — {n}
      <TextField label={"Name"} placeholder={t('p')} />
    </Box>);`);
    expect(found).toEqual(['1: Main', '2: Hello', '2: world', '3: Name']);
  });

  it('apps/web/src has none outside the files still to translate', () => {
    const offenders: string[] = [];
    const stillPending: string[] = [];
    for (const file of tsxFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const found = jsxLiterals(fs.readFileSync(file, 'utf8'), file);
      if (NOT_YET_TRANSLATED.includes(rel)) {
        if (found.length === 0) stillPending.push(rel);
        continue;
      }
      for (const f of found) offenders.push(`${rel}:${f}`);
    }
    expect(offenders, 'literal texts: move them to lib/i18n/locales/en/*.json and use t()').toEqual([]);
    expect(stillPending, 'these files are clean now: remove them from NOT_YET_TRANSLATED').toEqual([]);
  });
});
