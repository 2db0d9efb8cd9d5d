import { describe, expect, it } from 'vitest';
import { PICKER_DATASET_TYPES } from '@ulca/contracts';
import { DATASET_TYPE_OPTIONS } from './labels.ts';

describe('dashboard dataset type picker', () => {
  it("offers the interface's one list of dataset types, in its order (ready-made and search offer the same)", () => {
    expect(DATASET_TYPE_OPTIONS.map((o) => o.value)).toEqual(PICKER_DATASET_TYPES);
    expect(DATASET_TYPE_OPTIONS[0]).toEqual({ value: 'parallel-corpus', label: 'Parallel Dataset' });
  });
});
