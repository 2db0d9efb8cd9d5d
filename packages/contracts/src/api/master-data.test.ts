import { describe, expect, it } from 'vitest';
import { MASTER_DATA } from '../master-data/index.ts';
import { SEARCH_MASTER_NAMES, searchMastersResponse } from './master-data.ts';

describe('master-data contracts', () => {
  it('describe the lists the server answers for the search form', () => {
    const data = Object.fromEntries(SEARCH_MASTER_NAMES.map((n) => [n, MASTER_DATA[n]]));
    const parsed = searchMastersResponse.parse({ data });
    expect(parsed.data.datasetFilterParams.length).toBe(MASTER_DATA.datasetFilterParams.length);
    expect(parsed.data.languages.length).toBeGreaterThan(10);
  });
});
