import { describe, expect, it } from 'vitest';
import { serveJson, signedInModules } from '../../../test/browser-stubs.ts';

// The api client reads the session from browser storage; give it a signed-in user in Node.
const api = signedInModules({ userID: 'u-7', email: 'ravi@example.org', firstName: 'Ravi', roles: ['READONLY-USER'] }, async () => ({
  ...(await import('./list-searches.ts')),
  ...(await import('./search-status.ts')),
  ...(await import('./submit-search.ts')),
  ...(await import('./search-options.ts')),
}));

// A row as the server answers it: details are JSON text, with a count even while In-Progress.
const searchRow = (srn: string, status: string, details: unknown) => ({
  serviceRequestNumber: srn,
  datasetType: 'parallel-corpus',
  timestamp: '2024-05-02T10:00:00Z',
  searchCriteria: { datasetType: 'parallel-corpus', sourceLanguage: ['en'], targetLanguage: ['hi'] },
  status: [{ status, details: JSON.stringify(details) }],
});

describe('search API calls', () => {
  it('asks for table page p as the 1-based server page p + 1, signed', async () => {
    const calls = serveJson(200, {
      data: [searchRow('SR-2', 'In-Progress', { count: 0 }), searchRow('SR-1', 'Completed', { count: 5 })],
      startPage: 3,
      totalCount: 23,
    });
    const page = await api.fetchSearches('u-7', 2);
    expect(calls[0].url).toBe('/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=u-7&startPage=3&endPage=3');
    expect((calls[0].init.headers as Record<string, string>).key).toBe('pub');
    expect(page.totalCount).toBe(23);
    expect(page.rows.map((r) => [r.serviceRequestNumber, r.status, r.count])).toEqual([
      ['SR-2', 'In-Progress', 0],
      ['SR-1', 'Completed', 5],
    ]);
  });

  it('asks for every row without paging parameters', async () => {
    const calls = serveJson(200, { data: [], startPage: 1, totalCount: 0 });
    await api.fetchSearches('u-7', 'all');
    expect(calls[0].url).toBe('/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=u-7');
  });

  it('reads one search by its service request number, and passes a 404 on', async () => {
    const calls = serveJson(200, { data: searchRow('SR-1', 'Completed', { count: 0, files: {} }) });
    const s = await api.fetchSearchStatus('SR-1');
    expect(calls[0].url).toBe('/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=SR-1');
    expect([s.status, s.count]).toEqual(['Completed', 0]);
    serveJson(404, { message: 'Search not found.', code: 'NOT_FOUND' });
    await expect(api.fetchSearchStatus('SR-X')).rejects.toMatchObject({ status: 404 });
  });

  it('submits userId, datasetType and criteria, and passes field errors of a 400 on', async () => {
    const calls = serveJson(200, {
      message: 'Your search query has been submitted',
      data: { serviceRequestNumber: 'SR-9', datasetType: 'parallel-corpus' },
    });
    const body = {
      userId: 'u-7',
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'], minScore: 0.8 },
    };
    const res = await api.submitSearch(body);
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual(body);
    expect(res.data.serviceRequestNumber).toBe('SR-9');
    serveJson(400, {
      message: 'Invalid search',
      code: 'VALIDATION',
      errors: [{ field: 'criteria.targetLanguage', message: 'This field is mandatory' }],
    });
    await expect(api.submitSearch({ ...body, criteria: { sourceLanguage: ['en'], targetLanguage: [] } })).rejects.toMatchObject({
      status: 400,
      errors: [{ field: 'criteria.targetLanguage', message: 'This field is mandatory' }],
    });
  });

  it('loads the catalogue, languages and data sources from the public master-data call, unsigned', async () => {
    const calls = serveJson(200, {
      data: {
        datasetFilterParams: [
          {
            datasetType: 'ocr-corpus',
            code: 'ocr-corpus',
            label: 'OCR Dataset',
            active: true,
            values: [],
            filters: [
              {
                value: 'dpi',
                label: 'DPI',
                filterType: 'advance',
                active: true,
                input: 'single-select',
                type: 'array',
                parent: null,
                options: [{ value: '300_dpi', label: '300 DPI' }],
              },
            ],
          },
        ],
        languages: [{ code: 'ta', label: 'Tamil', active: true }],
        mixedDatasrc: [{ code: 'vaani', label: 'Vaani', active: true }],
      },
    });
    const options = await api.fetchSearchOptions();
    expect(calls[0].url).toBe('/ulca/mdms/v0/fetch-master/bulk');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ masterNames: ['datasetFilterParams', 'languages', 'mixedDatasrc'] });
    expect((calls[0].init.headers as Record<string, string>).key).toBeUndefined();
    expect(options.datasetFilterParams[0].filters[0].options).toEqual([{ value: '300_dpi', label: '300 DPI' }]);
    expect(options.mixedDatasrc.map((d) => d.code)).toEqual(['vaani']);
  });
});
