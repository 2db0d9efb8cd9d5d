import { useSyncExternalStore } from 'react';
import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGE_COOKIE } from '@ulca/contracts';
import { writeHintCookie } from '../hint-cookie.ts';

/*
 * The interface's languages (docs/product.md#languages-of-the-interface). English is the fallback
 * of every key; each language is a folder of JSON catalogue files in ./locales/<lang>/. The shell's
 * English files are bundled; a feature's files arrive with its page (withTexts), in English and in
 * the interface language; another language's shell files are fetched when it is chosen. Adding a
 * language = one folder + one line in LOADERS and UI_LANGUAGES. Messages are ICU MessageFormat ('{n}', '{count, plural, one {…} other {…}}'),
 * formatted by Lingui's runtime (@lingui/core); nothing else in the app imports the library.
 */

/** The interface languages, in switcher order. */
export const UI_LANGUAGES = ['en', 'hi', 'ta'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Each interface language named in its own script (the switcher's options). */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்' };

/** The localStorage key remembering the visitor's choice. */
export const LANGUAGE_STORAGE_KEY = 'ulca.language';

type Catalogue = Record<string, unknown>;
/** A message as the runtime takes it: ICU text, or already compiled by the build (a token list). */
type Message = string | CompiledMessage;

/** Values of a message's ICU arguments; `defaultValue` is returned when the key is in no catalogue. */
export type MessageParams = Record<string, unknown> & { defaultValue?: string };

/**
 * The translate function: `t('section.key', params)` → the text in the current language (the
 * English text when the chosen catalogue lacks the key; `params.defaultValue`, else the key itself,
 * when no catalogue has it).
 */
export type TFunction = (key: string, params?: MessageParams) => string;

/**
 * One catalogue of a language from its files `locales/<lang>/<part>.json`: each file holds whole
 * top-level sections (the shell's in app.json, a feature's under its own name), so features add
 * their texts without touching each other's files. A section defined twice throws (a unit test
 * loads every language through here).
 */
export function mergeCatalogue(files: Record<string, Catalogue>): Catalogue {
  const out: Catalogue = {};
  for (const [file, sections] of Object.entries(files)) {
    for (const [section, value] of Object.entries(sections)) {
      if (section in out) throw new Error(`catalogue section '${section}' is defined twice (again in ${file})`);
      out[section] = value;
    }
  }
  return out;
}

/**
 * The catalogue files of the shell's own texts (header, footer, menus, shared messages, server
 * errors, the MUI texts of the theme): their English is bundled with the shell, since the first
 * paint needs it. Every other file (FEATURE_PARTS) belongs to feature pages and is fetched, in
 * English and in the interface language, with the page's chunk (withTexts), so the first load
 * carries only the texts it shows (docs/benchmarks.md#web).
 */
export const SHELL_PARTS = ['app', 'errors', 'mui', 'site', 'account', 'profileKeys'] as const;
/** The feature catalogue files (`locales/<lang>/<part>.json`), loaded on demand by withTexts / loadTexts. */
export const FEATURE_PARTS = [
  'admin',
  'benchmarks',
  'datasets',
  'modelDetail',
  'models',
  'platformContent',
  'search',
  'sts',
  'try',
  'usage',
  'viewer',
] as const;
/** A feature catalogue file's name (without `.json`). */
export type CataloguePart = (typeof FEATURE_PARTS)[number];

const path = (lang: UiLanguage, part: string) => `./locales/${lang}/${part}.json`;

/** The shell's English texts, bundled (English is every key's fallback). */
const EN_SHELL_FILES = import.meta.glob<Catalogue>('./locales/en/{app,errors,mui,site,account,profileKeys}.json', {
  eager: true,
  import: 'default',
});
const EN_SHELL = mergeCatalogue(EN_SHELL_FILES);
const en = EN_SHELL as { messages: Record<string, Message> };

// Lazy globs: Vite emits each file as its own chunk, fetched when a page (or a language) needs it.
const LOADERS: Record<UiLanguage, Record<string, () => Promise<Catalogue>>> = {
  en: import.meta.glob<Catalogue>(['./locales/en/*.json', '!./locales/en/{app,errors,mui,site,account,profileKeys}.json'], {
    import: 'default',
  }),
  hi: import.meta.glob<Catalogue>('./locales/hi/*.json', { import: 'default' }),
  ta: import.meta.glob<Catalogue>('./locales/ta/*.json', { import: 'default' }),
};

/** One catalogue file of `lang` (the shell's English is already in memory). */
function loadFile(lang: UiLanguage, part: string): Promise<Catalogue> {
  const bundled = lang === 'en' ? EN_SHELL_FILES[path(lang, part)] : undefined;
  if (bundled) return Promise.resolve(bundled);
  const load = LOADERS[lang][path(lang, part)];
  if (!load) return Promise.reject(new Error(`no catalogue file ${path(lang, part)}`));
  return load();
}

/** Loads and merges every catalogue file of `lang`, shell and features (tests and tools; rejects when one fails to load). */
export async function loadCatalogue(lang: UiLanguage): Promise<Catalogue> {
  const parts = [...SHELL_PARTS, ...FEATURE_PARTS];
  const entries = await Promise.all(parts.map(async (part) => [path(lang, part), await loadFile(lang, part)] as const));
  return mergeCatalogue(Object.fromEntries(entries));
}

/** True when `v` is one of UI_LANGUAGES (guards values read from storage, the profile or the browser). */
export function isUiLanguage(v: unknown): v is UiLanguage {
  return typeof v === 'string' && (UI_LANGUAGES as readonly string[]).includes(v);
}

/**
 * The first interface language in `preferred` (BCP 47 tags such as navigator.languages, matched on
 * their primary subtag: 'hi-IN' → 'hi'), else 'en'.
 */
export function matchLanguage(preferred: readonly string[] | undefined): UiLanguage {
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isUiLanguage(primary)) return primary;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage disabled: behave as a first visit
  }
}

/**
 * The language to start in: the remembered choice when it is one of ours (an unknown stored value
 * is ignored), else the browser's languages, else English.
 */
export function initialLanguage(): UiLanguage {
  const stored = readStored();
  if (isUiLanguage(stored)) return stored;
  return matchLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

/** Every leaf of a catalogue as 'section.key' → message. */
function flatten(tree: Catalogue, prefix = '', out: Record<string, Message> = {}): Record<string, Message> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string' || Array.isArray(v)) out[key] = v as Message;
    else if (v && typeof v === 'object') flatten(v as Catalogue, key, out);
  }
  return out;
}

/** Every English message loaded so far (the shell's, then each feature file's as it arrives): the fallback of every language. */
const EN_MESSAGES = flatten(EN_SHELL);
const core = setupI18n();
// The production build ships every catalogue compiled (apps/web/build/compile-catalogues.ts), so
// the ICU parser stays out of the browser. Elsewhere (unit tests, the dev server) each message is
// parsed once, on first use (the runtime would otherwise parse it on every call).
if (!import.meta.env.PROD) {
  const compiled = new Map<string, CompiledMessage>();
  core.setMessagesCompiler((message: string) => {
    let c = compiled.get(message);
    if (!c) compiled.set(message, (c = compileMessage(message)));
    return c;
  });
}

/**
 * Installs `catalogue` (sections → messages) as the messages of `lang`, over the English ones so
 * that a key it lacks shows in English. Replaces what `lang` had; used by setLanguage and tests.
 */
export function installCatalogue(lang: UiLanguage, catalogue: Catalogue): void {
  const messages = { ...EN_MESSAGES, ...flatten(catalogue) };
  if (lang === core.locale) core.loadAndActivate({ locale: lang, locales: [`${lang}-IN`], messages });
  else core.load(lang, messages);
}
core.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: { ...EN_MESSAGES } });

/** The catalogue files every page may need: the shell's, then each feature file a page asked for. */
const requestedParts = new Set<string>(SHELL_PARTS);
/** Loads of `<lang>/<part>` done or under way (a failed one is forgotten, so it is tried again). */
const partLoads = new Map<string, Promise<void>>(SHELL_PARTS.map((part) => [`en/${part}`, Promise.resolve()]));
/** English messages per feature file, once loaded (the fallback installed under each other language). */
const englishOfPart = new Map<string, Record<string, Message>>();
/** The language the interface is in or is switching to: pages load their texts in it too. */
let targetLanguage: UiLanguage = 'en';

/**
 * Installs catalogue file `part` of `lang` (its English first, the fallback of its keys). When the
 * file of another language fails to load, its keys get the English texts and the promise rejects.
 */
function ensurePart(lang: UiLanguage, part: string): Promise<void> {
  const id = `${lang}/${part}`;
  let done = partLoads.get(id);
  if (done) return done;
  done = (async () => {
    if (lang === 'en') {
      const messages = flatten(await loadFile('en', part));
      englishOfPart.set(part, messages);
      Object.assign(EN_MESSAGES, messages);
      core.load('en', messages);
      return;
    }
    await ensurePart('en', part);
    const shellFile = EN_SHELL_FILES[path('en', part)];
    const english = shellFile ? flatten(shellFile) : englishOfPart.get(part);
    try {
      core.load(lang, { ...english, ...flatten(await loadFile(lang, part)) });
    } catch (e) {
      core.load(lang, { ...english });
      throw e;
    }
  })();
  partLoads.set(id, done);
  done.catch(() => partLoads.delete(id));
  return done;
}

/** Installs, in `lang`, every requested file, including those requested while it loads; rejects when one fails. */
async function ensureRequestedParts(lang: UiLanguage): Promise<void> {
  for (;;) {
    const parts = [...requestedParts];
    await Promise.all(parts.map((part) => ensurePart(lang, part)));
    if (requestedParts.size === parts.length) return;
  }
}

/**
 * Loads the texts of feature catalogue files `parts` in English and in the interface language (or
 * the one it is switching to), so a page rendered afterwards never shows a key. Rejects only when
 * an English file fails to load (the page cannot show its texts); another language's failure
 * leaves those keys in English.
 */
export async function loadTexts(parts: readonly CataloguePart[]): Promise<void> {
  for (const part of parts) requestedParts.add(part);
  const lang = targetLanguage;
  await Promise.all(parts.map((part) => ensurePart('en', part)));
  if (lang !== 'en') await Promise.all(parts.map((part) => ensurePart(lang, part).catch(() => undefined)));
}

/**
 * A lazy page's importer that also loads the page's catalogue files (loadTexts), for
 * `React.lazy(withTexts(['models'], () => import('./Page.tsx')))`: the chunk and its texts arrive
 * together and the page renders once both are in (docs/benchmarks.md#web). The returned function
 * loads once and then returns the same promise, so a route's `preload` (app/router.tsx) and the
 * lazy component share one load.
 */
export function withTexts<T>(parts: readonly CataloguePart[], importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= Promise.all([importer(), loadTexts(parts)]).then(([module]) => module));
}

/** `key`'s text in the current language (see TFunction). */
const translate: TFunction = (key, params) => {
  const message = core.messages[key];
  if (message === undefined) return params?.defaultValue ?? key;
  // The runtime answers the key for an empty message; some pieces around a link are empty on purpose.
  if (message === '') return '';
  return core._(key, params);
};

/**
 * The app's translation entry point outside React: `i18n.t(key, params)`; `i18n.exists(key)` is true
 * when a catalogue has the key; `i18n.language` is the current language.
 */
export const i18n: { t: TFunction; exists: (key: string) => boolean; readonly language: string } = {
  t: translate,
  exists: (key) => key in core.messages,
  get language() {
    return core.locale;
  },
};

/** The current interface language ('en' until another catalogue has loaded). */
export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'en';
}

/** The Intl locale of the current language: 'en-IN', 'hi-IN', 'ta-IN' (Indian conventions). */
export function currentLocale(): string {
  return `${currentLanguage()}-IN`;
}

function applyToDocument(lang: UiLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Switches the interface to `lang`: loads its catalogue files not yet loaded (the shell's and those
 * of the pages loaded so far), then changes the language, `<html lang>` and the remembered choice.
 * A catalogue file that fails to load leaves the interface in its current language and resolves
 * to false (never throws).
 */
export async function setLanguage(lang: UiLanguage, remember = true): Promise<boolean> {
  targetLanguage = lang;
  try {
    await ensureRequestedParts(lang);
  } catch {
    if (targetLanguage === lang) targetLanguage = currentLanguage();
    return false;
  }
  if (targetLanguage !== lang) return false; // another switch began meanwhile: the latest choice wins
  core.activate(lang, [`${lang}-IN`]);
  applyToDocument(lang);
  if (remember) {
    // The server sends prerendered pages in it (docs/architecture.md#prerendered-pages).
    writeHintCookie(LANGUAGE_COOKIE, lang);
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // storage disabled: the choice lasts for this page only
    }
  }
  return true;
}

/**
 * Starts the interface in initialLanguage() (English at once; another language once its catalogue
 * is in) and tells the server that language for the next prerendered page.
 */
export function startLanguage(): Promise<boolean> {
  const lang = initialLanguage();
  writeHintCookie(LANGUAGE_COOKIE, lang);
  if (lang === 'en') {
    applyToDocument('en');
    return Promise.resolve(true);
  }
  // <html lang> keeps what the page says (a page prerendered in `lang` already says it) until the
  // language's texts are in; if they fail, the interface stays English and so does <html lang>.
  return setLanguage(lang, false).then((ok) => {
    if (!ok) applyToDocument(currentLanguage());
    return ok;
  });
}

/**
 * The hook every component uses for its texts: `const { t } = useTranslation()`; re-renders on a
 * language change. The app reaches the i18n library only through this module, so the library can
 * be replaced here alone.
 */
export function useTranslation(): { t: TFunction; lang: UiLanguage } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translatorFor(lang), lang };
}

const translators = new Map<UiLanguage, TFunction>();
/** A translate function per language, so that memoised texts (`useMemo(…, [t])`) follow a switch. */
function translatorFor(lang: UiLanguage): TFunction {
  let t = translators.get(lang);
  if (!t) translators.set(lang, (t = (key, params) => translate(key, params)));
  return t;
}

/** Calls `onChange` whenever the language or its messages change; returns the unsubscribe function. */
function subscribe(onChange: () => void): () => void {
  return core.on('change', onChange);
}

let knownMessages: Map<string, string> | null = null;

/** A message's text when it has no arguments (raw, or compiled to one piece of text), else undefined. */
function plainText(message: Message): string | undefined {
  if (typeof message === 'string') return message;
  return message.every((piece) => typeof piece === 'string') ? message.join('') : undefined;
}

/**
 * A message made outside React in English (a zod schema's validation text, the api client's
 * status texts, a server message the catalogue knows) in the interface language: the key of the
 * same English text in the catalogue's `messages` section is looked up; an unknown text (e.g. a
 * server message) is returned unchanged. undefined stays undefined.
 */
export function localizeMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  if (!knownMessages) {
    knownMessages = new Map();
    for (const [k, v] of Object.entries(en.messages)) {
      const text = plainText(v);
      if (text !== undefined) knownMessages.set(text, `messages.${k}`);
    }
  }
  const key = knownMessages.get(message);
  return key ? i18n.t(key) : message;
}
