import { describe, expect, it } from 'vitest';
import {
  applyMyModelsView,
  benchmarkRunsView,
  isExpandable,
  matchesFilter,
  modelActions,
  modelStatusColor,
  myModelsFilterOptions,
  unpublishReason,
} from './my-models.ts';
import { testModel } from '../../../test/models.ts';

const run = (status: string, createdOn: number, score: number | null = 30.1) => ({
  benchmarkDatasetId: 'b1',
  benchmarkDatasetName: 'FLORES hi-en',
  metric: 'bleu',
  score,
  createdOn,
  status,
});

const rows = [
  testModel({ modelId: 'a', name: 'IndicTrans hi-en', submittedOn: 1, domain: ['general', 'legal'], license: 'mit' }),
  testModel({
    modelId: 'b',
    name: 'Whisper Hindi',
    task: { type: 'asr' },
    submittedOn: 3,
    status: 'unpublished',
    unpublishReason: 'retraining',
  }),
  testModel({ modelId: 'c', name: 'OCR Tamil', task: { type: 'ocr' }, submittedOn: 2, license: 'cc-by-4.0', domain: ['news'] }),
];

describe('My Models search and filter', () => {
  it('searches name, task label, domain, licence and status case-insensitively, newest submission first', () => {
    expect(applyMyModelsView(rows, '', {}).map((r) => r.modelId)).toEqual(['b', 'c', 'a']);
    expect(applyMyModelsView(rows, 'WHISPER', {}).map((r) => r.modelId)).toEqual(['b']);
    expect(applyMyModelsView(rows, 'asr', {}).map((r) => r.modelId)).toEqual(['b']);
    expect(applyMyModelsView(rows, 'legal', {}).map((r) => r.modelId)).toEqual(['a']);
    expect(applyMyModelsView(rows, 'unpub', {}).map((r) => r.modelId)).toEqual(['b']);
  });

  it('ANDs across groups and ORs within one; licences compare upper-cased', () => {
    expect(applyMyModelsView(rows, '', { task: ['asr', 'ocr'] }).map((r) => r.modelId)).toEqual(['b', 'c']);
    expect(applyMyModelsView(rows, '', { task: ['asr', 'ocr'], status: ['published'] }).map((r) => r.modelId)).toEqual(['c']);
    expect(matchesFilter(rows[0], { license: ['MIT'] })).toBe(true);
    expect(matchesFilter(rows[0], { domain: ['legal'] })).toBe(true);
    expect(matchesFilter(rows[0], { domain: ['news'] })).toBe(false);
    expect(matchesFilter(rows[0], { domain: [] })).toBe(true);
  });

  it('offers the values present, licences upper-case, and both statuses; counts selections', () => {
    const o = myModelsFilterOptions(rows);
    expect(o.task).toEqual(['asr', 'ocr', 'translation']);
    expect(o.domain).toEqual(['general', 'legal', 'news']);
    expect(o.license).toEqual(['CC-BY-4.0', 'MIT']);
    expect(o.status).toEqual(['published', 'unpublished']);
  });
});

describe('My Models actions (docs/product.md#model-screens)', () => {
  it('hides Run Benchmark for a published model and offers Unpublish', () => {
    expect(modelActions({ status: 'published', benchmarkPerformance: [] })).toEqual({
      runBenchmark: false,
      toggleTo: 'unpublished',
      toggleDisabled: false,
    });
    expect(modelActions({ status: 'unpublished', benchmarkPerformance: [] })).toEqual({
      runBenchmark: true,
      toggleTo: 'published',
      toggleDisabled: false,
    });
  });

  it('disables the toggle while a benchmark run is In-Progress', () => {
    expect(modelActions({ status: 'unpublished', benchmarkPerformance: [run('In-Progress', 1)] })?.toggleDisabled).toBe(true);
    expect(modelActions({ status: 'published', benchmarkPerformance: [run('Completed', 1)] })?.toggleDisabled).toBe(false);
  });

  it('offers nothing for a failed or In Progress model', () => {
    expect(modelActions({ status: 'failed' as 'published', benchmarkPerformance: [] })).toBeNull();
    expect(modelActions({ status: 'In Progress' as 'published', benchmarkPerformance: [] })).toBeNull();
  });

  it('requires a non-blank unpublish reason', () => {
    expect(unpublishReason('   ')).toBeNull();
    expect(unpublishReason('  outdated weights ')).toBe('outdated weights');
  });

  it('colours statuses as docs/product.md#states-and-transitions', () => {
    expect(modelStatusColor('published')).toBe('info');
    expect(modelStatusColor('In-Progress')).toBe('info');
    expect(modelStatusColor('unpublished')).toBe('warning');
    expect(modelStatusColor('Failed')).toBe('error');
    expect(modelStatusColor('Completed')).toBe('success');
    expect(modelStatusColor('submitted')).toBe('success');
  });
});

describe('benchmark rows', () => {
  it('expands only rows with runs, whatever their index', () => {
    expect(isExpandable({ benchmarkPerformance: [] })).toBe(false);
    expect(isExpandable({ benchmarkPerformance: [run('Completed', 1)] })).toBe(true);
  });

  it('lists runs newest first with two decimals, -- for a missing score', () => {
    const v = benchmarkRunsView({
      benchmarkPerformance: [run('Completed', 1, 21.5), run('In-Progress', 5, null), run('Completed', 3, 66.06627109815649)],
    });
    expect(v.map((r) => r.scoreText)).toEqual(['--', '66.07', '21.50']);
  });
});
