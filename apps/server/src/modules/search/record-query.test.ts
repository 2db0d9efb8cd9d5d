import { describe, expect, it } from 'vitest';
import { DATASET_FILTER_PARAMS } from '@ulca/contracts';
import {
  buildRecordQuery,
  inlineQuery,
  NUMBER_BOUND_PATHS,
  NUMBER_LIST_PATHS,
  SPECIAL_FILTERS,
  TEXT_FILTER_PATHS,
} from './record-query.ts';
import { csvCell, mediaExtension, RecordFormatter } from './export-format.ts';
import { ByteBuilder } from './byte-builder.ts';

describe('record query', () => {
  it('has SQL for every active filter of the catalogue', () => {
    for (const t of DATASET_FILTER_PARAMS) {
      for (const f of t.filters.filter((x) => x.active)) {
        const known =
          SPECIAL_FILTERS.includes(f.value) ||
          f.value in TEXT_FILTER_PATHS ||
          f.value in NUMBER_LIST_PATHS ||
          f.value in NUMBER_BOUND_PATHS;
        expect(known, `${t.datasetType}.${f.value}`).toBe(true);
      }
    }
  });

  it('keeps values out of the SQL text, and inlines them as escaped literals for COPY', () => {
    const evil = "x'); DROP TABLE users; --";
    const q = buildRecordQuery({
      datasetType: 'parallel-corpus',
      criteria: {
        datasetType: 'parallel-corpus',
        sourceLanguage: ['en'],
        targetLanguage: ['hi'],
        lists: { submitterName: [evil, '$1::text'] },
        numbers: { minScore: 0.5 },
        multipleContributors: false,
        originalSourceSentence: false,
        mixedDataSource: null,
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

  it('neutralises formula-like cells in the CSV on the fast (bytes) and the slow (merged) path, and leaves JSON as it is', () => {
    const f = new RecordFormatter('parallel-corpus');
    const params = f.prepare({ languages: { sourceLanguage: 'en', targetLanguage: 'hi' }, license: '-1+cmd', submitter: { name: 'Team' } });
    const data = { sourceText: '=HYPERLINK("http://evil.example","click")', targetText: '@SUM(A1)' };
    const bytes = Buffer.from(JSON.stringify(data));
    const cells = f.rowColumns.map((c) => (c in data ? Buffer.from((data as Record<string, string>)[c]) : null));
    for (const rev of [false, true]) {
      const out = { json: new ByteBuilder(1024), csv: new ByteBuilder(1024) };
      f.formatInto({ data: bytes, pid: 'd', rev, cells }, params, out);
      const line = out.csv.view().toString('utf8');
      expect(line, rev ? 'slow path' : 'fast path').toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(line).toContain(`"'@SUM(A1)"`);
      expect(line).toContain(`"'-1+cmd"`);
      expect(line).not.toMatch(/(^|,)[=+@-]/);
      const json = JSON.parse(out.json.view().toString('utf8')) as Record<string, unknown>;
      expect([json.sourceText, json.targetText].sort()).toEqual([data.sourceText, data.targetText].sort());
    }
  });
});
