import { isBenchmarkTask, TASK_LABELS } from '@ulca/contracts';

/** Where the details page was opened from, and its back button (docs/product.md#screens). */
export type BenchmarkOrigin = 'benchmark-datasets' | 'my-contribution' | 'model';

/** Router state to pass when opening /model/benchmark-details/:id: where Back returns to. */
export interface BenchmarkDetailState {
  from: BenchmarkOrigin;
  /** The page to go back to (e.g. the model page's path); defaults per origin. */
  backTo?: string;
}

const BACK: Record<BenchmarkOrigin, { text: string; to: string }> = {
  'benchmark-datasets': { text: 'Back to Benchmark Datasets', to: '/model/benchmark-datasets' },
  'my-contribution': { text: 'Back to My Contribution', to: '/dataset/my-contribution' },
  model: { text: 'Back to Model Description', to: '/model/explore-models' },
};

/** The back button's text and target for the router state the page was opened with (default: the list). */
export function backLink(state: unknown): { text: string; to: string } {
  const s = (state ?? {}) as Partial<BenchmarkDetailState>;
  const origin: BenchmarkOrigin = s.from && s.from in BACK ? s.from : 'benchmark-datasets';
  return { text: BACK[origin].text, to: typeof s.backTo === 'string' && s.backTo.startsWith('/') ? s.backTo : BACK[origin].to };
}

/** Path of a benchmark's details page. */
export function benchmarkDetailPath(benchmarkId: string): string {
  return `/model/benchmark-details/${encodeURIComponent(benchmarkId)}`;
}

/** A benchmark task as shown ('asr' → 'ASR', the task registry's label); unknown tasks as they are, '-' when missing. */
export function benchmarkTaskLabel(task: string | null | undefined): string {
  return task ? (isBenchmarkTask(task) ? TASK_LABELS[task] : task) : '-';
}
