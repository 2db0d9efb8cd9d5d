import { isBenchmarkTask, TASK_LABELS } from '@ulca/contracts';
import { i18n } from './i18n/i18n.ts';

/** Where the details page was opened from, and its back button (docs/product.md#screens). */
export type BenchmarkOrigin = 'benchmark-datasets' | 'my-contribution' | 'model';

/** Router state to pass when opening /model/benchmark-details/:id: where Back returns to. */
export interface BenchmarkDetailState {
  from: BenchmarkOrigin;
  /** The page to go back to (e.g. the model page's path); defaults per origin. */
  backTo?: string;
}

/** Where Back returns per origin; its text is the catalogue's `benchmarks.back.<origin>`. */
const BACK: Record<BenchmarkOrigin, string> = {
  'benchmark-datasets': '/model/benchmark-datasets',
  'my-contribution': '/dataset/my-contribution',
  model: '/model/explore-models',
};

/** The back button's text (interface language) and target for the router state the page was opened with (default: the list). */
export function backLink(state: unknown): { text: string; to: string } {
  const s = (state ?? {}) as Partial<BenchmarkDetailState>;
  const origin: BenchmarkOrigin = s.from && s.from in BACK ? s.from : 'benchmark-datasets';
  return {
    text: i18n.t(`benchmarks.back.${origin}`),
    to: typeof s.backTo === 'string' && s.backTo.startsWith('/') ? s.backTo : BACK[origin],
  };
}

/** Path of a benchmark's details page. */
export function benchmarkDetailPath(benchmarkId: string): string {
  return `/model/benchmark-details/${encodeURIComponent(benchmarkId)}`;
}

/**
 * A benchmark task as shown in the interface language ('asr' → 'ASR', catalogue
 * `benchmarks.task.<task>`, the task registry's label in English); unknown tasks as they are, '-' when missing.
 */
export function benchmarkTaskLabel(task: string | null | undefined): string {
  return task ? (isBenchmarkTask(task) ? i18n.t(`benchmarks.task.${task}`, { defaultValue: TASK_LABELS[task] }) : task) : '-';
}
