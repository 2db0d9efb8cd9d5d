import { describe, expect, it } from 'vitest';
import { BENCHMARK_COLUMNS, CONTRIBUTION_COLUMNS, phoneDisplay, STAGE_COLUMNS } from './columns.ts';

describe('dataset tables on a phone', () => {
  it('keep the name and Status of a contribution, and both stage counts (the status under the stage name)', () => {
    const onPhone = (cols: readonly { key: string; phone: boolean }[]) =>
      cols.filter((c) => phoneDisplay(cols, c.key).xs !== 'none').map((c) => c.key);
    expect(onPhone(CONTRIBUTION_COLUMNS)).toEqual(['datasetName', 'status']);
    expect(onPhone(BENCHMARK_COLUMNS)).toEqual(['datasetName', 'status']);
    expect(onPhone(STAGE_COLUMNS)).toEqual(['stage', 'successCount', 'failedCount']);
    expect(phoneDisplay(CONTRIBUTION_COLUMNS, 'srn')).toEqual({ xs: 'none', sm: 'table-cell' });
  });
});
