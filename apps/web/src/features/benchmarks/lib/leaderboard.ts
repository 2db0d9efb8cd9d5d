import { lowerIsBetter } from '../../../lib/metrics.ts';

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

/** A score as shown: two decimals ('41.27'); '--' when missing. */
export function scoreText(score: number | null | undefined): string {
  return score == null || !Number.isFinite(score) ? '--' : score.toFixed(2);
}

/** The 95% interval as shown: '39.80 – 42.71'; '--' when the run has none. */
export function intervalText(ci: { low: number; high: number } | null | undefined): string {
  return ci ? `${scoreText(ci.low)} – ${scoreText(ci.high)}` : '--';
}

/**
 * Coverage as shown: '4/6 rows (67%)' when the row count is known, else the percentage. A run
 * whose model failed on some rows is scored with those rows empty, so coverage below 100% lowers
 * trust in the score.
 */
export function coverageText(coverage: number, recordCount?: number | null): string {
  const pct = `${Math.round(coverage * 100)}%`;
  if (!recordCount || recordCount <= 0) return pct;
  return `${Math.round(coverage * recordCount)}/${recordCount} rows (${pct})`;
}
