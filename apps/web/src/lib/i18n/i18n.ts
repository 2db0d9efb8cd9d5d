import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';

/*
 * The interface's languages (docs/product.md#languages-of-the-interface). English is bundled and
 * is the fallback of every key; every other language is a folder of JSON catalogue files in
 * ./locales/<lang>/, fetched only when it is chosen. Adding a language = one folder + one line in
 * LOADERS and UI_LANGUAGES.
 */

/** The interface languages, in switcher order. */
export const UI_LANGUAGES = ['en', 'hi', 'ta'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Each interface language named in its own script (the switcher's options). */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी', ta: 'தமிழ்' };

/** The localStorage key remembering the visitor's choice. */
export const LANGUAGE_STORAGE_KEY = 'ulca.language';

type Catalogue = Record<string, unknown>;

/** The translate function: `t(key, params)` → the text in the current language (English when the key is missing). */
export type TFunction = I18n['t'];

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

/** The English catalogue, bundled (it is every key's fallback). */
export const EN_CATALOGUE = mergeCatalogue(import.meta.glob<Catalogue>('./locales/en/*.json', { eager: true, import: 'default' }));
const en = EN_CATALOGUE as { messages: Record<string, string> };

// Lazy globs: Vite emits each language's files as chunks, fetched together on first choice.
const LOADERS: Record<Exclude<UiLanguage, 'en'>, Record<string, () => Promise<Catalogue>>> = {
  hi: import.meta.glob<Catalogue>('./locales/hi/*.json', { import: 'default' }),
  ta: import.meta.glob<Catalogue>('./locales/ta/*.json', { import: 'default' }),
};

/** Loads and merges every catalogue file of `lang` (rejects when one fails to load). */
export async function loadCatalogue(lang: Exclude<UiLanguage, 'en'>): Promise<Catalogue> {
  const entries = await Promise.all(Object.entries(LOADERS[lang]).map(async ([file, load]) => [file, await load()] as const));
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

/** The app's one i18next instance; English resources bundled, missing keys fall back to English. */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...UI_LANGUAGES],
  resources: { en: { translation: EN_CATALOGUE } },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

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
 * Switches the interface to `lang`: loads its catalogue when not yet loaded, then changes the
 * language, `<html lang>` and the remembered choice. A catalogue that fails to load leaves the
 * interface in its current language and resolves to false (never throws).
 */
export async function setLanguage(lang: UiLanguage, remember = true): Promise<boolean> {
  if (lang !== 'en' && !i18n.hasResourceBundle(lang, 'translation')) {
    try {
      i18n.addResourceBundle(lang, 'translation', await loadCatalogue(lang), true, true);
    } catch {
      return false;
    }
  }
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
  if (remember) {
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // storage disabled: the choice lasts for this page only
    }
  }
  return true;
}

/** Starts the interface in initialLanguage() (English at once; another language once its catalogue is in). */
export function startLanguage(): Promise<boolean> {
  const lang = initialLanguage();
  applyToDocument('en');
  return lang === 'en' ? Promise.resolve(true) : setLanguage(lang, false);
}

/**
 * The hook every component uses for its texts: `const { t } = useTranslation()`; re-renders on a
 * language change. The app reaches the i18n library only through this module, so the library can
 * be replaced here alone.
 */
export function useTranslation(): { t: TFunction; lang: UiLanguage } {
  const { t } = useI18nextTranslation();
  return { t, lang: currentLanguage() };
}

let knownMessages: Map<string, string> | null = null;

/**
 * A message made outside React in English (a zod schema's validation text, the api client's
 * status texts, a server message the catalogue knows) in the interface language: the key of the
 * same English text in the catalogue's `messages` section is looked up; an unknown text (e.g. a
 * server message) is returned unchanged. undefined stays undefined.
 */
export function localizeMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  if (!knownMessages) knownMessages = new Map(Object.entries(en.messages).map(([k, v]) => [v, `messages.${k}`]));
  const key = knownMessages.get(message);
  return key ? i18n.t(key) : message;
}
