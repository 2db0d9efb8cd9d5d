import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { BENCHMARK_TASKS, INFERENCE_TASKS, MODEL_TASKS, PRERENDER_LANGUAGES } from '@ulca/contracts';
import { FEATURE_PARTS, SHELL_PARTS, UI_LANGUAGES, loadCatalogue, matchLanguage, isUiLanguage, mergeCatalogue } from './i18n.ts';

const en = await loadCatalogue('en');
const hi = await loadCatalogue('hi');
const ta = await loadCatalogue('ta');

type Tree = { [k: string]: string | Tree };

/** Every leaf of a catalogue as 'a.b.c' → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

type Compiled = string | (string | [string, string?, Record<string, Compiled>?])[];

/** The ICU arguments a message reads ('{n}', '{count, plural, …}' and those inside its forms), sorted, no repeats. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (c: Compiled) => {
    if (!Array.isArray(c)) return;
    for (const token of c) {
      if (typeof token === 'string') continue;
      found.add(token[0]);
      for (const form of Object.values(token[2] ?? {})) walk(form);
    }
  };
  walk(compileMessage(message) as Compiled);
  return [...found].sort();
}

const EN = flatten(en as Tree);
const OTHERS = { hi: flatten(hi as Tree), ta: flatten(ta as Tree) };

describe('message catalogues', () => {
  it('each language has the same catalogue files, and a section defined in two files is refused', () => {
    const files = (lang: string) =>
      Object.keys(import.meta.glob(`./locales/*/*.json`))
        .filter((f) => f.startsWith(`./locales/${lang}/`))
        .map((f) => f.split('/').pop())
        .sort();
    expect(files('hi')).toEqual(files('en'));
    expect(files('ta')).toEqual(files('en'));
    expect(() => mergeCatalogue({ 'a.json': { x: {} }, 'b.json': { x: {} } })).toThrow(/section 'x' is defined twice/);
  });

  it('English has keys and no empty text', () => {
    expect(EN.size).toBeGreaterThan(50);
    // Only the pieces around a link or a bold value (`…Before` / `…After`) may be empty in a language.
    for (const [k, v] of EN) if (!/(Before|After)$/.test(k)) expect(v.trim(), k).not.toBe('');
  });

  for (const [lang, cat] of Object.entries(OTHERS)) {
    it(`${lang} has every English key with the same placeholders, and no key English lacks`, () => {
      const missing = [...EN.keys()].filter((k) => !cat.has(k));
      expect(missing, `keys missing from ${lang}.json`).toEqual([]);
      const extra = [...cat.keys()].filter((k) => !EN.has(k));
      expect(extra, `keys of ${lang}.json unknown to en.json`).toEqual([]);
      for (const [k, v] of EN) {
        expect(placeholders(cat.get(k) ?? ''), `${lang}:${k}`).toEqual(placeholders(v));
        if (!/(Before|After)$/.test(k)) expect((cat.get(k) ?? '').trim(), `${lang}:${k} is empty`).not.toBe('');
      }
    });
  }

  // The per-task catalogues a new task needs one entry in (docs/architecture.md#adding-a-model-task): a
  // task left out would fall back to its English registry label in every language, so it is listed here.
  it('each per-task section names every task of the registry it covers (the other languages follow English)', () => {
    const sections: [string, readonly string[]][] = [
      ['models.task', MODEL_TASKS],
      ['try.task', INFERENCE_TASKS],
      ['usage.task', INFERENCE_TASKS],
      ['modelDetail.feedback.q', INFERENCE_TASKS],
      ['datasets.task', BENCHMARK_TASKS],
      ['benchmarks.task', BENCHMARK_TASKS],
    ];
    for (const [section, tasks] of sections)
      expect(
        tasks.filter((t) => !EN.has(`${section}.${t}`)),
        `tasks without an entry in ${section}`,
      ).toEqual([]);
  });

  it('messages are ICU MessageFormat that parses, plurals written as ICU plurals', () => {
    for (const [lang, cat] of [['en', EN] as const, ...Object.entries(OTHERS)]) {
      for (const [k, v] of cat) {
        if (!/,\s*(plural|select)/.test(v)) expect(v, `${lang}:${k} uses i18next's {{…}}`).not.toMatch(/\{\{/);
        expect(k, `${lang}:${k} is an i18next plural suffix; write {count, plural, one {…} other {…}}`).not.toMatch(
          /_(zero|one|two|few|many|other)$/,
        );
        expect(() => compileMessage(v), `${lang}:${k} does not parse`).not.toThrow();
        // A plural message has the 'other' form every language needs, and 'one' for en, hi and ta.
        if (/\{\s*count\s*,\s*plural/.test(v)) expect(v, `${lang}:${k}`).toMatch(/\bone\s*\{[\s\S]*\bother\s*\{/);
      }
    }
    for (const lang of ['en', 'hi', 'ta']) {
      expect(new Intl.PluralRules(lang).resolvedOptions().pluralCategories.sort()).toEqual(['one', 'other']);
    }
  });
});

describe("a feature's texts arrive with its page (docs/benchmarks.md#web)", () => {
  it("every catalogue file is either the shell's (bundled in English) or a feature's (loaded with its pages)", () => {
    const files = Object.keys(import.meta.glob('./locales/en/*.json')).map((f) =>
      f
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    );
    expect([...SHELL_PARTS, ...FEATURE_PARTS].sort()).toEqual(files.sort());
  });

  it('loadTexts installs a feature file in English and in the current language; a later switch brings it in the new language', async () => {
    const { i18n, loadTexts, setLanguage } = await import('./i18n.ts');
    try {
      expect(i18n.exists('usage.pageTitle')).toBe(false);
      expect(i18n.t('shell.signIn')).toBe('Sign In');
      expect(await setLanguage('hi', false)).toBe(true);
      await loadTexts(['usage']);
      expect(i18n.t('usage.pageTitle')).toBe('API कुंजी का उपयोग');
      expect(await setLanguage('ta', false)).toBe(true);
      expect(i18n.t('usage.pageTitle')).toBe('API சாவிப் பயன்பாடு');
      expect(await setLanguage('en', false)).toBe(true);
      expect(i18n.t('usage.pageTitle')).toBe('API key usage');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('a switch started while a page loads its texts brings them in the new language too', async () => {
    const { i18n, loadTexts, setLanguage } = await import('./i18n.ts');
    try {
      const switching = setLanguage('hi', false);
      await loadTexts(['viewer']);
      expect(await switching).toBe(true);
      expect(i18n.t('viewer.dataset')).toBe('डेटासेट');
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('formatting', () => {
  it('every message without plural/select formats to its own text with its arguments in place (ICU quoting keeps apostrophes)', async () => {
    const { i18n, loadTexts, setLanguage } = await import('./i18n.ts');
    await loadTexts(FEATURE_PARTS);
    const wrong: string[] = [];
    try {
      for (const [lang, cat] of [['en', EN] as const, ...Object.entries(OTHERS)]) {
        await setLanguage(lang as 'en' | 'hi' | 'ta', false);
        for (const [k, v] of cat) {
          if (/,\s*(plural|select)/.test(v)) continue;
          const params = Object.fromEntries(placeholders(v).map((a) => [a, `<${a}>`]));
          const expected = v.replace(/\{(\w+)\}/g, '<$1>').replace(/''/g, "'");
          if (i18n.t(k, params) !== expected) wrong.push(`${lang}:${k}`);
        }
      }
    } finally {
      await setLanguage('en', false);
    }
    expect(wrong).toEqual([]);
  });
});

describe('language choice', () => {
  it('follows the first browser language that is one of ours, else English', () => {
    expect(matchLanguage(['de-DE', 'ta-IN', 'hi'])).toBe('ta');
    expect(matchLanguage(['HI'])).toBe('hi');
    expect(matchLanguage(['fr', 'de'])).toBe('en');
    expect(matchLanguage(undefined)).toBe('en');
  });
  it('rejects unknown stored values', () => {
    expect(isUiLanguage('xx')).toBe(false);
    expect(isUiLanguage(null)).toBe(false);
    expect(isUiLanguage('ta')).toBe(true);
  });
  it('prerenders pages in every interface language, English first (the server’s default)', () => {
    expect([...PRERENDER_LANGUAGES]).toEqual([...UI_LANGUAGES]);
  });
});

describe('bad input falls back to English', () => {
  it('a key missing from the chosen catalogue shows the English text; an unknown key shows its name', async () => {
    const { i18n, installCatalogue, setLanguage } = await import('./i18n.ts');
    try {
      expect(await setLanguage('hi', false)).toBe(true);
      expect(i18n.t('shell.signIn')).toBe('साइन इन करें');
      installCatalogue('hi', { shell: {} });
      expect(i18n.t('shell.signIn')).toBe('Sign In');
      expect(i18n.t('no.such.key')).toBe('no.such.key');
      expect(i18n.t('no.such.key', { defaultValue: '' })).toBe('');
    } finally {
      installCatalogue('hi', await loadCatalogue('hi'));
      await setLanguage('en', false);
    }
  });

  it('localizeMessage translates known English texts and passes unknown ones through', async () => {
    const { localizeMessage, setLanguage } = await import('./i18n.ts');
    try {
      await setLanguage('ta', false);
      expect(localizeMessage('Invalid email')).toBe('மின்னஞ்சல் முகவரி தவறானது');
      expect(localizeMessage('A brand new server sentence.')).toBe('A brand new server sentence.');
      expect(localizeMessage(undefined)).toBeUndefined();
    } finally {
      await setLanguage('en', false);
    }
    expect(localizeMessage('Invalid email')).toBe('Invalid email');
  });

  it('language names: English labels unchanged; Hindi and Tamil name the language and add its own script', async () => {
    const { setLanguage } = await import('./i18n.ts');
    const { localizedLanguageName, localizedDatasetType } = await import('./names.ts');
    expect(localizedLanguageName('ta', 'Tamil')).toBe('Tamil');
    try {
      await setLanguage('hi', false);
      expect(localizedLanguageName('ta', 'Tamil')).toBe('तमिल (தமிழ்)');
      expect(localizedLanguageName('hi', 'Hindi')).toBe('हिन्दी');
      expect(localizedLanguageName('njz', 'Ngungwel')).toBe('न्गुंग्वेल');
      expect(localizedDatasetType('parallel-corpus', 'Parallel Dataset')).toBe('समानांतर डेटासेट');
      await setLanguage('ta', false);
      expect(localizedLanguageName('hi', 'Hindi')).toBe('இந்தி (हिन्दी)');
    } finally {
      await setLanguage('en', false);
    }
  });
});
