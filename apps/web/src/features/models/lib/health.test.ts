import { describe, expect, it } from 'vitest';
import type { ModelHealthRow } from '@ulca/contracts';
import { healthTableRows, latencyText, outputCheckText } from './health.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['models', 'search', 'benchmarks']);

const row = (over: Partial<ModelHealthRow>): ModelHealthRow => ({
  modelId: 'm',
  modelName: 'M',
  taskType: 'translation',
  status: 'available',
  lastStatusUpdate: 1000,
  lastSuccess: 1000,
  latencyMs: 812.4,
  outputCheck: null,
  isSyncApi: true,
  ...over,
});

describe('health rows', () => {
  it('says what the output check found, OK when fine, - when never checked', () => {
    expect(outputCheckText(row({}))).toBe('OK');
    expect(outputCheckText(row({ status: 'unavailable', outputCheck: 'empty output' }))).toBe('empty output');
    expect(outputCheckText(row({ status: 'unknown', lastStatusUpdate: null }))).toBe('-');
  });

  it('rounds latency and lists the latest checks first with task labels', () => {
    expect(latencyText(812.4)).toBe('812 ms');
    expect(latencyText(null)).toBe('-');
    const rows = healthTableRows(
      [
        row({ modelId: 'old', lastStatusUpdate: 1 }),
        row({ modelId: 'new', lastStatusUpdate: 5, taskType: 'asr' }),
        row({ modelId: 'never', lastStatusUpdate: null }),
      ],
      'UTC',
    );
    expect(rows.map((r) => r.id)).toEqual(['new', 'old', 'never']);
    expect(rows[0].taskType).toBe('ASR');
    expect(rows[2].lastStatusUpdate).toBe('-');
    expect(rows[0]).not.toHaveProperty('callbackUrl');
  });
});
