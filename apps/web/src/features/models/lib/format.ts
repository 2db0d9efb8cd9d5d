import { languageLabel } from '@ulca/contracts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { domainNames, localizedLanguageName } from '../../../lib/i18n/names.ts';
import { formatDateTime24, formatDayMonthYear, formatDateTime12 } from '../../../lib/dates.ts';

/** The language pairs of a model as answered (`languages`). */
export interface LanguagePairLike {
  sourceLanguage: string;
  targetLanguage?: string | null;
}

function iso(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Epoch milliseconds as DD/MM/YYYY (docs/product.md#constants-and-limits: submit and health dates); '-' when missing. */
export function formatEpochDay(ms: number | null | undefined, timeZone?: string): string {
  return formatDayMonthYear(iso(ms), timeZone);
}

/** Epoch milliseconds as DD/MM/YYYY plus 24-hour time (the health table's Last Updated Timestamp). */
export function formatEpochDayTime(ms: number | null | undefined, timeZone?: string): string {
  return formatDateTime24(iso(ms), timeZone);
}

/** Epoch milliseconds as en-IN date and 12-hour time (docs/product.md#constants-and-limits: publish times). */
export function formatEpochPublished(ms: number | null | undefined, timeZone?: string): string {
  return formatDateTime12(iso(ms), timeZone);
}

/** A language code's name in the interface language, e.g. 'hi' → 'Hindi' / 'हिन्दी' (unknown codes as they are). */
export function languageName(code: string | null | undefined): string {
  return code ? localizedLanguageName(code, languageLabel(code)) : '-';
}

/**
 * The Language cell of Explore (docs/product.md#explore-models): 'Hindi - Urdu' for one pair, 'Hindi' for one
 * single-language model, 'Multiple' when a model covers several pairs or languages, and 'Any
 * language' for a model that lists none because it needs none (gender detection by pitch): the
 * model card says the same.
 */
export function languageText(languages: readonly LanguagePairLike[]): string {
  if (languages.length === 0) return i18n.t('models.lang.any');
  if (languages.length > 1) return i18n.t('models.lang.multiple');
  const [{ sourceLanguage, targetLanguage }] = languages;
  return targetLanguage ? `${languageName(sourceLanguage)} - ${languageName(targetLanguage)}` : languageName(sourceLanguage);
}

/** The licence as the tables show it: upper-case (docs/product.md#entities-and-fields). */
export function licenseText(license: string | null | undefined): string {
  return license ? license.toUpperCase() : '-';
}

/** A model's domains as one cell: 'general, legal' (domainNames of lib/i18n/names.ts: the codes in English, named in Hindi and Tamil), '-' for none. */
export function domainText(domain: readonly string[]): string {
  return domainNames(domain) || '-';
}

/** An uptime share (0–1) as the model cards and Explore show it: '99.5 %'; '-' when unknown. */
export function uptimeText(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '-';
  return i18n.t('models.uptime', { value: (share * 100).toFixed(1) });
}
