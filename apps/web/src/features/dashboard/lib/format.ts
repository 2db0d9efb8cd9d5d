import { isAudioDatasetType } from '@ulca/contracts';
import { currentLanguage, i18n } from '../../../lib/i18n/i18n.ts';

/**
 * Number and label formats of the dashboard and Dataset Metrics (docs/product.md#dashboard-and-dataset-metrics Dashboard, docs/product.md#constants-and-limits chart
 * constants). One locale for every number on these screens, following the interface language
 * (docs/product.md#languages-of-the-interface): English keeps en-US grouping (1,234,567); Hindi
 * and Tamil use Indian grouping (12,34,567) and their own compact words (लाख, கோடி) on axes.
 */

/** Locale of every number shown on the dashboard and the metrics table, for the current interface language. */
export function numberLocale(): string {
  const lang = currentLanguage();
  return lang === 'en' ? 'en-US' : `${lang}-IN`;
}

/** Axis and tooltip labels are cut to this many characters (docs/product.md#constants-and-limits). */
export const LABEL_MAX_CHARS = 14;

/**
 * `label` cut to `max` characters (code points, so an Indic letter is never split in half) with
 * an ellipsis when something was cut; shorter labels are returned unchanged.
 */
export function cutLabel(label: string, max = LABEL_MAX_CHARS): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : label;
}

const FORMATS = {
  whole: { maximumFractionDigits: 0 },
  fractional: { minimumFractionDigits: 3, maximumFractionDigits: 3 },
  compact: { notation: 'compact', maximumFractionDigits: 1 },
  small: { maximumFractionDigits: 2 },
  tiny: { maximumSignificantDigits: 2 },
} as const satisfies Record<string, Intl.NumberFormatOptions>;
const formatters = new Map<string, Intl.NumberFormat>();

/** The cached Intl formatter of `kind` for the current locale. */
function nf(kind: keyof typeof FORMATS): Intl.NumberFormat {
  const locale = numberLocale();
  const key = `${locale}|${kind}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, FORMATS[kind])));
  return f;
}

/** Thousands separators; a fractional value (hours) shows exactly 3 decimals: 1234.5 → '1,234.500'. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? nf('whole').format(n) : nf('fractional').format(n);
}

/**
 * Compact axis numbers: 950 → '950', 12,300 → '12.3K', 4,500,000 → '4.5M'. Values under 1 (a few
 * seconds of audio in hours) keep 2 significant digits, so small axes do not read 0, 0, 0.
 */
export function formatCompact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1000) return nf('compact').format(n);
  return abs >= 1 || abs === 0 ? nf('small').format(n) : nf('tiny').format(n);
}

/** Unit of a dataset type's counts (docs/product.md#screens): hours of audio, images of OCR, sentences otherwise. */
export type MetricUnit = 'hrs' | 'images' | 'sentences';

export function unitOf(datasetType: string): MetricUnit {
  if (isAudioDatasetType(datasetType)) return 'hrs';
  if (datasetType === 'ocr-corpus') return 'images';
  return 'sentences';
}

/** A value with its unit in the interface language, plural by `n`: '1,234 sentences', '1 sentence', '12.500 hrs'. */
export function formatWithUnit(n: number, datasetType: string): string {
  return formatUnit(n, unitOf(datasetType));
}

/** `n` formatted with `unit`'s word in the interface language, plural by `n` (catalogue keys unit.*). */
export function formatUnit(n: number, unit: MetricUnit): string {
  return i18n.t(`unit.${unit}`, { count: n, n: formatNumber(n) });
}

/** The 11 bar colours, used in order and cycling (docs/product.md#constants-and-limits). */
/** Height of the dashboard chart in pixels, on phones and from the md breakpoint; the page reserves it while the chart loads (no layout shift). */
export const CHART_HEIGHT = { xs: 380, md: 440 } as const;

export const CHART_COLOURS = [
  '#1f4f96',
  '#e07b39',
  '#2a9d8f',
  '#c2410c',
  '#7c3aed',
  '#0f766e',
  '#d97706',
  '#be185d',
  '#4d7c0f',
  '#0369a1',
  '#6b7280',
] as const;

/** Colour of the bar at `index` (0-based), cycling through CHART_COLOURS. */
export function barColour(index: number): string {
  return CHART_COLOURS[((index % CHART_COLOURS.length) + CHART_COLOURS.length) % CHART_COLOURS.length];
}
