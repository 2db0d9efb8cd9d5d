import { isActiveStatus } from '../../../lib/status.ts';

/** The pipeline stages in the order they run (docs/architecture.md#dataset-stages). */
export const STAGES = ['download', 'ingest', 'validate', 'publish'] as const;

/** The parts of a stage row that the status page reads (structural, so it needs no API import). */
export interface StageLike {
  stage: string;
  status: string;
  details?: { processedCount?: { type: string; count: number; durationInSeconds?: number | null }[] | null } | null;
}

/** The success and failed entries of a stage's processedCount (docs/product.md#entities-and-fields); counts undefined when absent, durations in seconds. */
export function stageCounts(stage: StageLike): {
  success?: number;
  successSeconds?: number | null;
  failed?: number;
  failedSeconds?: number | null;
} {
  const list = stage.details?.processedCount ?? [];
  const ok = list.find((c) => c.type === 'success');
  const bad = list.find((c) => c.type === 'failed');
  return { success: ok?.count, successSeconds: ok?.durationInSeconds, failed: bad?.count, failedSeconds: bad?.durationInSeconds };
}

/** Stage rows in pipeline order; unknown stage names come after the known ones, in their own order. */
export function sortStages<T extends StageLike>(rows: readonly T[]): T[] {
  const rank = (s: string) => {
    const i = (STAGES as readonly string[]).indexOf(s);
    return i < 0 ? STAGES.length : i;
  };
  return [...rows].sort((a, b) => rank(a.stage) - rank(b.stage));
}

/** True while the submission or any stage is Pending or In-Progress: Refresh enabled and auto-refresh on (docs/product.md#screens). */
export function isSubmissionActive(s: { status?: string | null; data: readonly StageLike[] } | undefined): boolean {
  if (!s) return false;
  return (s.status ? isActiveStatus(s.status) : false) || s.data.some((r) => isActiveStatus(r.status));
}
