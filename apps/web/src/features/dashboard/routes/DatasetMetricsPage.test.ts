import { describe, expect, it } from 'vitest';
import { METRICS_GRID_SX, METRICS_HEADER_HEIGHT } from './DatasetMetricsPage.tsx';

describe('Dataset Metrics grid', () => {
  it('wrap onto two lines that fit the header row instead of being truncated', () => {
    const title = METRICS_GRID_SX['& .MuiDataGrid-columnHeaderTitle'];
    expect(title.whiteSpace).toBe('normal');
    // Two lines of the 14 px header text at this line height, plus the header's padding.
    expect(METRICS_HEADER_HEIGHT).toBeGreaterThanOrEqual(2 * 14 * title.lineHeight + 16);
  });

  it('and long cells wrap too, instead of an ellipsis', () => {
    expect(METRICS_GRID_SX['& .MuiDataGrid-cell'].whiteSpace).toBe('normal');
  });
});
