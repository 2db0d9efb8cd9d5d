import type { AppContext } from '../../context.ts';
import type { StageRow } from './repo.ts';
import { clearRowErrors, firstUnstagedSeq } from './resume-repo.ts';

/** What a new attempt of a submission's job keeps from an attempt whose worker died. */
export interface ResumePoint {
  /** Object-store key of the archive the dead attempt downloaded (read again, not downloaded again). */
  zipKey: string;
  /** Records with a smaller index are already staged or published: the new read only counts them. */
  firstUnstagedSeq: number;
}

/** Object-store key of a submission's downloaded archive. */
export function sourceZipKey(srn: string): string {
  return `datasets/${srn}/source.zip`;
}

/**
 * Decides whether a retried job can resume (issue 9 #5): when the download completed and its
 * archive is still stored, the job keeps everything published and staged, re-reads the same
 * archive (so counts end exact and never fall) and stages only the records after
 * `firstUnstagedSeq`. Clears the row errors the re-read writes again. Returns null when the job
 * must start over (nothing usable was kept).
 */
export async function resumePoint(ctx: AppContext, srn: string, stages: StageRow[]): Promise<ResumePoint | null> {
  if (stages.find((s) => s.stage === 'download')?.status !== 'Completed') return null;
  const zipKey = sourceZipKey(srn);
  if (!(await ctx.store.exists(zipKey))) return null;
  await clearRowErrors(ctx.db.pool, srn);
  return { zipKey, firstUnstagedSeq: await firstUnstagedSeq(ctx.db.pool, srn) };
}
