import { describe, expect, it } from 'vitest';
import { DATASET_FILTER_PARAMS } from '@ulca/contracts';
import { buildRecordQuery, inlineQuery, NUMBER_BOUND_PATHS, NUMBER_LIST_PATHS, SPECIAL_FILTERS, TEXT_FILTER_PATHS } from './record-query.ts';
import { csvCell, mediaExtension } from './export-format.ts';

describe('record query', () => {
  it('has SQL for every active filter of the catalogue', () => {
    for (const t of DATASET_FILTER_PARAMS) {
      for (const f of t.filters.filter((x) => x.active)) {
        const known = SPECIAL_FILTERS.includes(f.value) || f.value in TEXT_FILTER_PATHS || f.value in NUMBER_LIST_PATHS || f.value in NUMBER_BOUND_PATHS;
        expect(known, `${t.datasetType}.${f.value}`).toBe(true);
      }
    }
  });

  it('keeps values out of the SQL text, and inlines them as escaped literals for COPY', () => {
    const evil = "x'); DROP TABLE users; --";
    const q = buildRecordQuery({
      datasetType: 'parallel-corpus',
      criteria: {
        datasetType: 'parallel-corpus', sourceLanguage: ['en'], targetLanguage: ['hi'], lists: { submitterName: [evil, '$1::text'] }, numbers: { minScore: 0.5 },
        multipleContributors: false, originalSourceSentence: false, mixedDataSource: null,
      },
    });
    expect(q.text).not.toContain('DROP');
    const inlined = inlineQuery(q);
    expect(inlined).toContain("'x''); drop table users; --'");
    expect(inlined).toContain("'$1::text'");
    expect(inlined).not.toMatch(/\$\d+::(?!text')/);
  });

  it('rejects a non-finite number', () => {
    expect(() => inlineQuery({ text: 'SELECT $1::numeric', values: [Infinity] })).toThrow();
  });
});

describe('export format helpers', () => {
  it('derives media extensions as the pipeline stores them', () => {
    expect(mediaExtension('audios/a.WAV')).toBe('wav');
    expect(mediaExtension('noext')).toBe('bin');
    expect(mediaExtension('dir.d/file')).toBe('bin');
    expect(mediaExtension('.hidden')).toBe('bin');
    expect(mediaExtension('a.verylongext')).toBe('bin');
  });
  it('quotes CSV cells only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
  });
});
