import { currentLanguage, i18n } from './i18n.ts';

/*
 * Names of languages and dataset types in the interface language (docs/product.md#languages-of-the-interface).
 * English keeps the master data's labels exactly; Hindi and Tamil name a language in the interface
 * language and add its own name in its own script: 'तमिल (தமிழ்)'.
 */

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let dn: Intl.DisplayNames | null = null;
    try {
      dn = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      dn = null; // an engine without DisplayNames: English labels stay
    }
    displayNames.set(locale, dn);
  }
  return displayNames.get(locale) ?? null;
}

/** `code`'s name in `locale`, or undefined when the engine does not know it. */
function nameOf(code: string, locale: string): string | undefined {
  try {
    return namesIn(locale)?.of(code) ?? undefined;
  } catch {
    return undefined; // not a well-formed language tag (e.g. 'unknown')
  }
}

/**
 * The name of language `code` for the current interface language. English (or a code Intl does
 * not know): `englishLabel` unchanged. Otherwise the name in the interface language followed by
 * the language's own name in its own script when that differs: hi → 'तमिल (தமிழ்)'.
 */
export function localizedLanguageName(code: string, englishLabel: string): string {
  const lang = currentLanguage();
  if (lang === 'en') return englishLabel;
  const special = i18n.t(`languageName.${code}`, { defaultValue: '' });
  if (special) return special;
  const local = nameOf(code, lang);
  if (!local || local === code) return englishLabel;
  const own = nameOf(code, code);
  // Only a name in the language's own (non-Latin) script is worth adding; ICU gives some in English.
  return own && own !== local && !/[A-Za-z]/.test(own) ? `${local} (${own})` : local;
}

/** The dataset type's label in the interface language, `englishLabel` for a type the catalogue lacks. */
export function localizedDatasetType(code: string, englishLabel: string): string {
  return i18n.t(`datasetType.${code}`, { defaultValue: englishLabel });
}

/**
 * The domain's label in the interface language (catalogue keys `search.domain.<code>`, kept with
 * the search feature's texts), `englishLabel` in English or for a domain the catalogue lacks.
 */
export function localizedDomain(code: string, englishLabel: string): string {
  return i18n.t(`search.domain.${code}`, { defaultValue: englishLabel });
}

/**
 * A domain code as the lists and cards of models and benchmarks show it
 * (docs/product.md#languages-of-the-interface): the code itself in English, as the original
 * client's cells show it ('general'); in Hindi and Tamil its catalogue name ('सामान्य'), or the code
 * for a domain the catalogue lacks.
 */
export function domainName(code: string): string {
  return currentLanguage() === 'en' ? code : localizedDomain(code, code);
}

/** Domain codes as one cell: each {@link domainName}, joined by ', ' ('' for none). */
export function domainNames(codes: readonly string[]): string {
  return codes.map(domainName).join(', ');
}

/**
 * The collection method's label in the interface language (catalogue keys
 * `search.collectionMethod.<code>`), `englishLabel` in English or for a method the catalogue lacks.
 */
export function localizedCollectionMethod(code: string, englishLabel: string): string {
  return i18n.t(`search.collectionMethod.${code}`, { defaultValue: englishLabel });
}
