import { currentLanguage, i18n } from '../../../lib/i18n/i18n.ts';
import { lowerIsBetter } from '../../../lib/metric-glossary.ts';

/** A leaderboard entry as getBenchmark answers it (the fields this page uses). */
export interface LeaderboardEntry {
  benchmarkProcessId: string;
  modelId: string;
  modelName: string;
  modelVersion: string;
  metric: string;
  score: number;
  signature: string;
  coverage: number;
  ci: { low: number; high: number } | null;
  createdOn: number;
  position: number;
  /** 'unpublished': the caller's own unpublished model, listed to them only, without a rank (position 0). */
  modelStatus?: 'published' | 'unpublished';
  /** false: the caller may not read this run's per-example outputs (a hidden benchmark, docs/api.md#who-sees-a-benchmarks-rows). */
  outputsVisible?: boolean;
}

/**
 * The metric tabs of a leaderboard: the benchmark's metrics in their order, then any metric that
 * has entries but is not listed (an older run), so no scored run is hidden.
 */
export function leaderboardMetrics(metrics: readonly string[], entries: readonly Pick<LeaderboardEntry, 'metric'>[]): string[] {
  const out = [...metrics];
  for (const e of entries) if (!out.includes(e.metric)) out.push(e.metric);
  return out;
}

/**
 * The entries of one metric in rank order. The server's `position` is the rank (it ranks in the
 * metric's direction); entries without a usable position are ranked here the same way.
 */
export function rankedEntries<T extends Pick<LeaderboardEntry, 'metric' | 'score' | 'position'>>(
  entries: readonly T[],
  metric: string,
): T[] {
  const lower = lowerIsBetter(metric);
  return entries
    .filter((e) => e.metric === metric)
    .sort((a, b) => (a.position > 0 && b.position > 0 ? a.position - b.position : lower ? a.score - b.score : b.score - a.score));
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `n` with exactly `decimals` decimals in the interface language's number format
 * (docs/product.md#languages-of-the-interface: en-US in English, Indian grouping in Hindi and
 * Tamil; the digits stay Latin in all three): 41.2749 → '41.27'.
 */
export function formatDecimal(n: number, decimals: number): string {
  const lang = currentLanguage();
  const locale = lang === 'en' ? 'en-US' : `${lang}-IN`;
  const key = `${locale}|${decimals}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f.format(n);
}

/** A whole count in the interface language's number format (1,234 / 1,23,456). */
export function formatCount(n: number): string {
  return formatDecimal(n, 0);
}

/** A score as shown: two decimals ('41.27'); '--' when missing. */
export function scoreText(score: number | null | undefined): string {
  return score == null || !Number.isFinite(score) ? '--' : formatDecimal(score, 2);
}

/** The 95% interval as shown: '39.80 – 42.71'; '--' when the run has none. */
export function intervalText(ci: { low: number; high: number } | null | undefined): string {
  return ci ? `${scoreText(ci.low)} – ${scoreText(ci.high)}` : '--';
}

/**
 * Coverage as shown, in the interface language: '4/6 rows (67%)' when the row count is known, else the percentage. A run
 * whose model failed on some rows is scored with those rows empty, so coverage below 100% lowers
 * trust in the score.
 */
export function coverageText(coverage: number, recordCount?: number | null): string {
  const pct = `${formatCount(Math.round(coverage * 100))}%`;
  if (!recordCount || recordCount <= 0) return pct;
  return i18n.t('benchmarks.leaderboard.coverageRows', {
    answered: formatCount(Math.round(coverage * recordCount)),
    total: formatCount(recordCount),
    percent: pct,
  });
}
