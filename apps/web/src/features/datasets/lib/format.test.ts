import { describe, expect, it } from 'vitest';
import { datasetTypeLabel, formatStageCount, formatSubmittedOn } from './format.ts';
import { isSubmissionActive, sortStages, stageCounts } from './stages.ts';
import { isActiveStatus, statusColor } from '../../../lib/status.ts';
import { contributionTabs } from './tabs.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['datasets', 'benchmarks', 'search']);

describe('status detail formatting (docs/product.md#entities-and-fields)', () => {
  it('adds hours for ASR, ASR unlabeled and TTS datasets only', () => {
    expect(formatStageCount(12, 14.4, 'asr-corpus')).toBe('12 (0.004 hrs)');
    expect(formatStageCount(3000, 36000, 'tts-corpus')).toBe('3,000 (10.000 hrs)');
    expect(formatStageCount(5, 7200, 'asr-unlabeled-corpus')).toBe('5 (2.000 hrs)');
    expect(formatStageCount(12, 14.4, 'parallel-corpus')).toBe('12');
    expect(formatStageCount(12, undefined, 'asr-corpus')).toBe('12');
    expect(formatStageCount(undefined, undefined, 'asr-corpus')).toBe('-');
  });

  it('shows submission dates as month/day/year with the time of day (several a day are normal)', () => {
    expect(formatSubmittedOn(new Date(2024, 2, 5, 10, 0).toISOString())).toBe('Mar 5, 2024, 10:00');
    expect(formatSubmittedOn(new Date(2024, 2, 5, 16, 7).toISOString())).toBe('Mar 5, 2024, 16:07');
    expect(formatSubmittedOn('not a date')).toBe('-');
  });

  it('labels dataset types', () => {
    expect(datasetTypeLabel('asr-unlabeled-corpus')).toBe('ASR Unlabeled Dataset');
    expect(datasetTypeLabel(null)).toBe('-');
  });

  it('reads success and failed counts and orders stages as the pipeline runs', () => {
    const stages = [
      { stage: 'publish', status: 'Pending' },
      {
        stage: 'download',
        status: 'Completed',
        details: {
          processedCount: [
            { type: 'success', count: 1 },
            { type: 'failed', count: 0 },
          ],
        },
      },
      { stage: 'validate', status: 'In-Progress', details: { processedCount: [{ type: 'failed', count: 4, durationInSeconds: 9 }] } },
      { stage: 'ingest', status: 'Completed' },
    ];
    expect(sortStages(stages).map((s) => s.stage)).toEqual(['download', 'ingest', 'validate', 'publish']);
    expect(stageCounts(stages[2])).toEqual({ success: undefined, successSeconds: undefined, failed: 4, failedSeconds: 9 });
    expect(isSubmissionActive({ status: 'In-Progress', data: stages })).toBe(true);
    expect(isSubmissionActive({ status: 'Completed', data: [{ stage: 'publish', status: 'Completed' }] })).toBe(false);
    expect(
      isSubmissionActive({
        status: 'Failed',
        data: [
          { stage: 'ingest', status: 'Failed' },
          { stage: 'validate', status: 'Pending' },
        ],
      }),
    ).toBe(true);
  });
});

describe('statuses and tabs (docs/product.md#entities-and-fields, docs/product.md#roles)', () => {
  it('colours Completed green, In-Progress blue, Failed red, others orange', () => {
    expect(['Completed', 'In-Progress', 'Failed', 'Pending', 'Published', 'Not Run'].map(statusColor)).toEqual([
      'success',
      'info',
      'error',
      'warning',
      'warning',
      'default',
    ]);
    expect(['Pending', 'In-Progress', 'Completed', 'Failed'].map(isActiveStatus)).toEqual([true, true, false, false]);
  });

  it('chooses the tabs by the first role only', () => {
    expect(contributionTabs('CONTRIBUTOR-USER')).toEqual(['submitted']);
    expect(contributionTabs('ADMIN')).toEqual(['submitted']);
    expect(contributionTabs('BENCHMARK-DATASET-CONTRIBUTOR')).toEqual(['submitted', 'benchmark']);
    expect(contributionTabs('READONLY-USER')).toEqual([]);
    expect(contributionTabs(null)).toEqual([]);
  });
});
