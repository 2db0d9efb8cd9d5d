import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';

let p: TestPlatform;
useTestPlatform({}, (platform) => {
  p = platform;
});

const bulk = (masterNames: unknown) => p.app.inject({ method: 'POST', url: '/ulca/mdms/v0/fetch-master/bulk', payload: { masterNames } });
type Filter = {
  value: string;
  label: string;
  filterType: string;
  active: boolean;
  input: string;
  type: string;
  parent: string | null;
  options: { value: string | number; label: string }[];
};

describe('POST /ulca/mdms/v0/fetch-master/bulk', () => {
  it('serves the asked lists as {code, label, active}, without signing in', async () => {
    const res = await bulk([
      'languages',
      'domains',
      'licenses',
      'collectionMethods',
      'datasetTypes',
      'ocrTools',
      'samplingRates',
      'feedbackQns',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Record<string, { code: string | number; label: string; active: boolean }[]>;
    expect(Object.keys(data).sort()).toEqual([
      'collectionMethods',
      'datasetTypes',
      'domains',
      'feedbackQns',
      'languages',
      'licenses',
      'ocrTools',
      'samplingRates',
    ]);
    expect(data.languages).toContainEqual({ code: 'hi', label: 'Hindi', active: true });
    expect(data.languages.length).toBeGreaterThanOrEqual(42);
    expect(data.domains).toContainEqual({ code: 'legal', label: 'Legal', active: true });
    expect(data.samplingRates.map((r) => r.code)).toEqual([16, 44.1]);
    for (const list of Object.values(data))
      for (const e of list) expect(e).toMatchObject({ code: expect.anything(), label: expect.any(String), active: expect.any(Boolean) });
  });

  it('serves the filter catalogue with the docs/product.md#entities-and-fields rules', async () => {
    const res = await bulk(['datasetFilterParams']);
    const params = res.json().data.datasetFilterParams as { datasetType: string; label: string; active: boolean; filters: Filter[] }[];
    expect(params.map((p) => p.datasetType).sort()).toEqual([
      'asr-corpus',
      'asr-unlabeled-corpus',
      'glossary-corpus',
      'monolingual-corpus',
      'ner-corpus',
      'ocr-corpus',
      'parallel-corpus',
      'pos-corpus',
      'transliteration-corpus',
      'tts-corpus',
    ]);
    for (const t of params) {
      const byValue = new Map(t.filters.map((f) => [f.value, f]));
      expect(byValue.get('collectionSource')?.active, t.datasetType).toBe(false);
      const submitterActive = !['asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus', 'pos-corpus', 'ner-corpus'].includes(t.datasetType);
      expect(byValue.get('submitterName')?.active, t.datasetType).toBe(submitterActive);
      expect(byValue.get('sourceLanguage')?.filterType).toBe('language');
      for (const f of t.filters) {
        expect(['language', 'basic', 'advance']).toContain(f.filterType);
        expect(['single-select', 'multi-select', 'string']).toContain(f.input);
        expect(['array', 'text', 'number']).toContain(f.type);
      }
    }
    const parallel = params.find((p) => p.datasetType === 'parallel-corpus')!.filters;
    expect(parallel.find((f) => f.value === 'alignmentTool')).toMatchObject({
      filterType: 'advance',
      parent: 'auto-aligned',
      input: 'multi-select',
    });
    expect(parallel.find((f) => f.value === 'minScore')).toMatchObject({
      input: 'single-select',
      type: 'number',
      options: expect.arrayContaining([{ value: 0.5, label: '0.5' }]),
    });
    expect(parallel.find((f) => f.value === 'targetLanguage')).toMatchObject({ filterType: 'language', input: 'multi-select' });
    expect(parallel.find((f) => f.value === 'domain')).toMatchObject({ filterType: 'basic' });
  });

  it('an unknown master name is 400 with a field error per unknown name', async () => {
    const res = await bulk(['languages', 'noSuchList', '__proto__']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'masterNames[1]', message: "Unknown master name 'noSuchList'." },
      { field: 'masterNames[2]', message: "Unknown master name '__proto__'." },
    ]);
    expect((await bulk([])).statusCode).toBe(400);
    expect((await bulk('languages')).statusCode).toBe(400);
  });

  it('the catalogue is our own data: it names no reference master file', async () => {
    const text = (await bulk(['datasetFilterParams'])).body;
    expect(text).not.toContain('.json');
    expect(text).not.toContain('jsonPath');
  });
});

describe('GET /ulca/mdms/v0/app-config', () => {
  it('gives the languages and the feedback questions', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/ulca/mdms/v0/app-config' });
    expect(res.statusCode).toBe(200);
    const { languages, feedbackQns } = res.json().data as {
      languages: { code: string; label: string }[];
      feedbackQns: { code: string; question: string }[];
    };
    expect(languages).toContainEqual({ code: 'ta', label: 'Tamil' });
    expect(feedbackQns.length).toBeGreaterThan(0);
    for (const q of feedbackQns) expect(q.question).toMatch(/\?$/);
  });

  it('appears in the OpenAPI document with the bulk call', async () => {
    const doc = (await p.app.inject({ method: 'GET', url: '/ulca/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/ulca/mdms/v0/app-config', '/ulca/mdms/v0/fetch-master/bulk']));
  });
});
