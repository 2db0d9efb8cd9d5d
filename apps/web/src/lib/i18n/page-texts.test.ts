import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_PARTS, SHELL_PARTS } from './i18n.ts';

/*
 * A lazy page brings its feature catalogue files along (withTexts, docs/benchmarks.md#web): every
 * feature section its code can show (its modules and those they import, lazily too) must be in the
 * files it names, else a visitor would see a key. Checked statically: the import graph from each
 * lazily loaded module of the routes files and of app/feature-slots.tsx, and the 'section.key'
 * strings of every module in it.
 */

const SRC = path.resolve(import.meta.dirname, '../..');
const EN = path.join(SRC, 'lib/i18n/locales/en');

/** Feature section name → its catalogue file (part). */
const SECTION_PART = new Map<string, string>();
for (const part of FEATURE_PARTS) {
  for (const section of Object.keys(JSON.parse(fs.readFileSync(path.join(EN, `${part}.json`), 'utf8')) as object)) {
    SECTION_PART.set(section, part);
  }
}

/** The feature parts whose sections the module graph from `entry` names. */
function partsUsed(entry: string): Set<string> {
  const parts = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z0-9_.${}]+['"`]/g)) {
      const part = SECTION_PART.get(m[1]!);
      if (part) parts.add(part);
    }
    for (const m of code.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+\.tsx?)'/g)) {
      const next = path.resolve(path.dirname(file), m[1]!);
      if (!next.endsWith('.test.ts') && fs.existsSync(next)) stack.push(next);
    }
  }
  return parts;
}

/** Every lazily loaded module of the routes files and the feature slots, with the parts its withTexts names ([] when bare). */
function lazyEntries(): { from: string; entry: string; declared: string[] }[] {
  const files = [
    path.join(SRC, 'app/feature-slots.tsx'),
    ...fs.readdirSync(path.join(SRC, 'features')).map((f) => path.join(SRC, 'features', f, 'routes.tsx')),
  ].filter((f) => fs.existsSync(f));
  const out: { from: string; entry: string; declared: string[] }[] = [];
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/lazy\(\s*(?:withTexts\(\s*\[([^\]]*)\],\s*)?\(\)\s*=>\s*import\('([^']+)'\)/g)) {
      const declared = [...(m[1] ?? '').matchAll(/'([^']+)'/g)].map((d) => d[1]!);
      out.push({ from: path.relative(SRC, file), entry: path.resolve(path.dirname(file), m[2]!), declared });
    }
  }
  return out;
}

describe('each lazy page loads the catalogue files its texts need', () => {
  it('the shell and feature parts are told apart by file', () => {
    expect(SECTION_PART.size).toBeGreaterThan(5);
    for (const part of SHELL_PARTS) expect(FEATURE_PARTS as readonly string[]).not.toContain(part);
  });

  const entries = lazyEntries();
  it('finds the lazy pages', () => expect(entries.length).toBeGreaterThan(25));

  for (const { from, entry, declared } of entries) {
    it(`${from}: ${path.relative(SRC, entry)}`, () => {
      const missing = [...partsUsed(entry)].filter((p) => !declared.includes(p)).sort();
      expect(missing, `add these to its withTexts([...])`).toEqual([]);
    });
  }
});
