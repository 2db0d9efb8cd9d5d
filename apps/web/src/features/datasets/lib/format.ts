import { isAudioDatasetType } from '@ulca/contracts';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * A stage count as the status table shows it: '1,234', or for time-based dataset types with a known
 * duration '12 (0.004 hrs)' (seconds / 3600, 3 decimals; spec 01 §3 "Submission detail").
 * `count` undefined → '-'.
 */
export function formatStageCount(count: number | undefined, durationInSeconds: number | null | undefined, datasetType: string | null | undefined): string {
  if (count === undefined) return '-';
  const text = countFormat.format(count);
  if (isAudioDatasetType(datasetType) && typeof durationInSeconds === 'number') {
    return `${text} (${(durationInSeconds / 3600).toFixed(3)} hrs)`;
  }
  return text;
}

/** An ISO timestamp as month/day/year (MM/DD/YYYY, local time) for the contribution table (spec 01 §9); '-' when unparseable. */
export function formatSubmittedOn(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getFullYear()}`;
}

/** A dataset type code as a label: 'asr-corpus' → 'ASR Corpus'; null → '-'. */
export function datasetTypeLabel(type: string | null | undefined): string {
  if (!type) return '-';
  return type
    .split('-')
    .map((w) => (['asr', 'ocr', 'tts', 'pos', 'ner'].includes(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}
