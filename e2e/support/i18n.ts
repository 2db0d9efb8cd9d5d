/**
 * Checks shared by the end-to-end tests of the interface languages
 * (docs/product.md#languages-of-the-interface): axe-core's WCAG 2.1 AA violations of a page, its
 * `<html lang>`, and the visible texts of a Hindi or Tamil page that are still the English
 * catalogue's words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';

const AXE = path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js');
const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LOCALES = path.join(REPO_ROOT, 'apps/web/src/lib/i18n/locales');

/** axe-core's WCAG 2.1 A/AA violations of the page as it is now: 'rule-id: target, …' (empty when none). */
export async function axeViolations(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE });
  return p.evaluate(async (tags) => {
    // Colours are judged once transitions end: a button turning contained mid-fade has white text on a pale fill.
    const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, WCAG21_AA);
}

/** The page's `<html lang>`. */
export const htmlLang = (p: Page): Promise<string> => p.evaluate(() => document.documentElement.lang);

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, out: Set<string> = new Set()): Set<string> {
  for (const v of Object.values(tree)) {
    if (typeof v === 'string') out.add(v.trim());
    else leaves(v, out);
  }
  return out;
}

type Lang = 'en' | 'hi' | 'ta';

// The catalogue files do not change while a test file runs: each language is read once.
const trees = new Map<Lang, Tree[]>();
const texts = new Map<Lang, ReadonlySet<string>>();
const untranslated = new Map<'hi' | 'ta', ReadonlySet<string>>();

/** The parsed catalogue files of `lang` (locales/<lang>/*.json), read on the first call only. */
function catalogueTrees(lang: Lang): Tree[] {
  let out = trees.get(lang);
  if (!out) {
    const dir = path.join(LOCALES, lang);
    out = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Tree);
    trees.set(lang, out);
  }
  return out;
}

/** Every text of a language's catalogue files (locales/<lang>/*.json), trimmed; read once per language. */
export function catalogueTexts(lang: Lang): ReadonlySet<string> {
  let out = texts.get(lang);
  if (!out) {
    const all = new Set<string>();
    for (const tree of catalogueTrees(lang)) leaves(tree, all);
    out = all;
    texts.set(lang, out);
  }
  return out;
}

/** The English catalogue texts with letters that `lang`'s catalogue does not also have as they are (computed once per language). */
export function untranslatedEnglish(lang: 'hi' | 'ta'): ReadonlySet<string> {
  let out = untranslated.get(lang);
  if (!out) {
    const own = catalogueTexts(lang);
    out = new Set([...catalogueTexts('en')].filter((t) => /[A-Za-z]{2}/.test(t) && !own.has(t)));
    untranslated.set(lang, out);
  }
  return out;
}

/**
 * The visible text nodes of `p` (a page shown in `lang`) that are an English catalogue text with
 * letters and no translation of their own (a text the two catalogues share, such as "ULCA", is not
 * counted). Empty when every word outside user data is in `lang`.
 */
export async function englishLeft(p: Page, lang: 'hi' | 'ta'): Promise<string[]> {
  const english = untranslatedEnglish(lang);
  const visible = await p.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
      texts.push(text);
    }
    return texts;
  });
  return [...new Set(visible.filter((t) => english.has(t)))];
}

/** The text of `key` ('section.name…') in `lang`'s catalogue files; throws when no file has it. */
export function catalogueMessage(lang: Lang, key: string): string {
  for (const tree of catalogueTrees(lang)) {
    const v = key.split('.').reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree);
    if (typeof v === 'string') return v;
  }
  throw new Error(`no catalogue text ${lang}:${key}`);
}

/** How {@link checkPage} reads a page, and where its screenshot goes. */
export interface PageCheck {
  /** Takes the screenshot once every check passed: a `screenshotTaker` of e2e/support/browser.ts. */
  shoot: (p: Page, shot: string) => Promise<void>;
  /** Waits until the page is still (toasts gone, transitions ended) before anything is read. */
  settle?: (p: Page) => Promise<void>;
  /** English catalogue texts that are user data on these pages (e.g. the bootstrap admin's name 'Admin'). */
  allowEnglish?: readonly string[];
  /** Also asserts that the page does not scroll sideways (phone layouts). */
  noSideScroll?: boolean;
}

/**
 * Asserts that `p` is shown in `lang` (`<html lang>`), with no English catalogue text left
 * (englishLeft, minus `check.allowEnglish`) and no axe-core WCAG 2.1 AA violation
 * (docs/product.md#languages-of-the-interface), then screenshots it as `shot`. Failures name `shot`.
 */
export async function checkPage(p: Page, lang: 'hi' | 'ta', shot: string, check: PageCheck): Promise<void> {
  await check.settle?.(p);
  expect(await htmlLang(p), `${shot}: <html lang>`).toBe(lang);
  const allowed = new Set(check.allowEnglish ?? []);
  expect(
    (await englishLeft(p, lang)).filter((t) => !allowed.has(t)),
    `${shot}: English left`,
  ).toEqual([]);
  expect(await axeViolations(p), `${shot}: axe`).toEqual([]);
  if (check.noSideScroll) await noSideScroll(p, shot);
  await check.shoot(p, shot);
}

/** Asserts that `p` does not scroll sideways (its document is no wider than the window); failures name `shot`. */
export async function noSideScroll(p: Page, shot = 'page'): Promise<void> {
  const { scroll, width } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${shot}: sideways scroll`).toBeLessThanOrEqual(width);
}
