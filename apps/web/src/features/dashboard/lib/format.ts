import { isAudioDatasetType } from '@ulca/contracts';

/**
 * Number and label formats of the dashboard and Dataset Metrics (spec 01 §2 Dashboard, §9 chart
 * constants). One locale for every number on these screens: en-US grouping (1,234,567).
 */

/** Locale of every number shown on the dashboard and the metrics table. */
export const NUMBER_LOCALE = 'en-US';

/** Axis and tooltip labels are cut to this many characters (spec 01 §9). */
export const LABEL_MAX_CHARS = 14;

/**
 * `label` cut to `max` characters (code points, so an Indic letter is never split in half) with
 * an ellipsis when something was cut; shorter labels are returned unchanged.
 */
export function cutLabel(label: string, max = LABEL_MAX_CHARS): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : label;
}

const whole = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const fractional = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const compact = new Intl.NumberFormat(NUMBER_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
const small = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const tiny = new Intl.NumberFormat(NUMBER_LOCALE, { maximumSignificantDigits: 2 });

/** Thousands separators; a fractional value (hours) shows exactly 3 decimals: 1234.5 → '1,234.500'. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? whole.format(n) : fractional.format(n);
}

/**
 * Compact axis numbers: 950 → '950', 12,300 → '12.3K', 4,500,000 → '4.5M'. Values under 1 (a few
 * seconds of audio in hours) keep 2 significant digits, so small axes do not read 0, 0, 0.
 */
export function formatCompact(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1000) return compact.format(n);
  return abs >= 1 || abs === 0 ? small.format(n) : tiny.format(n);
}

/** Unit of a dataset type's counts (spec 01 §2): hours of audio, images of OCR, sentences otherwise. */
export type MetricUnit = 'hrs' | 'images' | 'sentences';

export function unitOf(datasetType: string): MetricUnit {
  if (isAudioDatasetType(datasetType)) return 'hrs';
  if (datasetType === 'ocr-corpus') return 'images';
  return 'sentences';
}

/** A value with its unit, e.g. '1,234 sentences' or '12.500 hrs'. */
export function formatWithUnit(n: number, datasetType: string): string {
  return `${formatNumber(n)} ${unitOf(datasetType)}`;
}

/** The 11 bar colours, used in order and cycling (spec 01 §9). */
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
