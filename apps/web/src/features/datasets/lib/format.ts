import { isAudioDatasetType } from '@ulca/contracts';
import { formatMonthDayYear } from '../../../lib/dates.ts';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * A stage count as the status table shows it: '1,234', or for time-based dataset types with a known
 * duration '12 (0.004 hrs)' (seconds / 3600, 3 decimals; docs/product.md#entities-and-fields "Submission detail").
 * `count` undefined → '-'.
 */
export function formatStageCount(
  count: number | undefined,
  durationInSeconds: number | null | undefined,
  datasetType: string | null | undefined,
): string {
  if (count === undefined) return '-';
  const text = countFormat.format(count);
  if (isAudioDatasetType(datasetType) && typeof durationInSeconds === 'number') {
    return `${text} (${(durationInSeconds / 3600).toFixed(3)} hrs)`;
  }
  return text;
}

/** An ISO timestamp as month/day/year (MM/DD/YYYY, local time) for the contribution table (docs/product.md#constants-and-limits); '-' when unparseable. */
export const formatSubmittedOn = formatMonthDayYear;

/** A dataset type code as its one label ('asr-corpus' → 'ASR Dataset'; null → '-'). */
export { datasetTypeLabel } from '../../../lib/dataset-types.ts';
