// NER and language-detection outputs as metric lines (task-outputs.ts), and run scoring on them.
import { describe, expect, it } from 'vitest';
import { nerPredictedLine, nerReferenceTags, nerSourceOf, normalizeTag, topLanguage } from './task-outputs.ts';
import { scoreOutputs, unreadableReference } from './run.ts';
import { scoreMetric } from './scoring/index.ts';

const pred = (token: string, tag: string, tokenStartIndex?: number) => ({ token, tag, tokenStartIndex, tokenEndIndex: 0 });

describe('NER reference tags', () => {
  it('reads a fully listed row as is and a partial one by 1-based tokenIndex (ULCA examples), bare tags as I-', () => {
    const full = {
      sourceText: 'Ram lives in Delhi',
      nerData: ['B-PER', 'O', 'O', 'B-LOC'].map((tag, i) => ({ token: 'Ram lives in Delhi'.split(' ')[i], tag })),
    };
    expect(nerReferenceTags(full)).toEqual(['B-PER', 'O', 'O', 'B-LOC']);
    // ULCA's "basic" example: only the entity words, tokenIndex from 1, tags without prefix.
    const partial = {
      sourceText: 'आस्ट्रेलिया के खिलाफ वनडे टीम की कमान',
      nerData: [
        { tokenIndex: 1, token: 'आस्ट्रेलिया', tag: 'LOC' },
        { tokenIndex: 5, tag: 'ORG' },
      ],
    };
    expect(nerReferenceTags(partial)).toEqual(['I-LOC', 'O', 'O', 'O', 'I-ORG', 'O', 'O']);
    // Tokens without index: placed at their next occurrence; 0-based when the row uses index 0.
    expect(
      nerReferenceTags({
        sourceText: 'a b a',
        nerData: [
          { token: 'a', tag: 'PER' },
          { token: 'a', tag: 'LOC' },
        ],
      }),
    ).toEqual(['I-PER', 'O', 'I-LOC']);
    expect(
      nerReferenceTags({
        sourceText: 'x y z',
        nerData: [
          { tokenIndex: 0, tag: 'B-PER' },
          { tokenIndex: 2, tag: 'B-LOC' },
        ],
      }),
    ).toEqual(['B-PER', 'O', 'B-LOC']);
    // No sourceText: the tokens are the row.
    const tokensOnly = {
      nerData: [
        { token: 'Ram', tag: 'B-PER' },
        { token: 'ran', tag: 'O' },
      ],
    };
    expect(nerSourceOf(tokensOnly)).toBe('Ram ran');
    expect(nerReferenceTags(tokensOnly)).toEqual(['B-PER', 'O']);
    expect(() => nerReferenceTags({ sourceText: 'a b', nerData: [{ token: 'c', tag: 'PER' }] })).toThrow(RangeError);
  });
  it('normalises tags', () => {
    expect(['O', 'B-PER', 'PER', ' I-LOC ', 'NAME X', ''].map(normalizeTag)).toEqual(['O', 'B-PER', 'I-PER', 'I-LOC', 'I-NAME_X', 'O']);
  });
});

describe('NER predictions aligned to the row words', () => {
  const row = { sourceText: 'Ram met Ram in Delhi .', nerData: [] };
  it('aligns every-token and entity-only outputs; a repeated word is told apart by its offset', () => {
    const all = 'Ram met Ram in Delhi .'.split(' ').map((t, i) => pred(t, i === 4 ? 'B-LOC' : 'O'));
    expect(nerPredictedLine(all, row)).toBe('O O O O B-LOC O');
    expect(nerPredictedLine([pred('Ram', 'B-PER', 8), pred('Delhi', 'LOC')], row)).toBe('O O B-PER O I-LOC O');
    expect(nerPredictedLine([pred('Ram', 'B-PER')], row)).toBe('B-PER O O O O O');
  });
  it('answers null (a failed row) when a predicted token is not a word of the row, or out of order', () => {
    expect(nerPredictedLine([pred('Del', 'B-LOC')], row)).toBeNull();
    expect(nerPredictedLine([pred('Delhi', 'B-LOC'), pred('met', 'O')], row)).toBeNull();
    expect(nerPredictedLine('not a list', row)).toBeNull();
    expect(nerPredictedLine([], row)).toBe('O O O O O O');
  });
  it('names the first benchmark row whose nerData cannot be placed (the run fails before calling the model)', () => {
    const rows = [
      { seq: 0, sourceLanguage: 'en', targetLanguage: null, data: { sourceText: 'Ram ran', nerData: [{ token: 'Ram', tag: 'B-PER' }] } },
      { seq: 1, sourceLanguage: 'en', targetLanguage: null, data: { sourceText: 'Sita ran', nerData: [{ token: 'Gita', tag: 'B-PER' }] } },
    ];
    expect(unreadableReference('ner', rows)).toMatch(/^Benchmark row 2 cannot be scored: NER row: nerData\[0\] \(Gita\)/);
    expect(unreadableReference('ner', rows.slice(0, 1))).toBeNull();
    expect(unreadableReference('translation', rows)).toBeNull();
  });
  it('scores a run: a misaligned row counts as failed, in the corpus with no entity found', () => {
    const rows = [
      {
        seq: 0,
        sourceLanguage: 'en',
        targetLanguage: null,
        data: {
          sourceText: 'Ram in Delhi',
          nerData: [
            { token: 'Ram', tag: 'B-PER' },
            { token: 'in', tag: 'O' },
            { token: 'Delhi', tag: 'B-LOC' },
          ],
        },
      },
      {
        seq: 1,
        sourceLanguage: 'en',
        targetLanguage: null,
        data: {
          sourceText: 'Sita in Pune',
          nerData: [
            { tokenIndex: 1, tag: 'PER' },
            { tokenIndex: 3, tag: 'LOC' },
          ],
        },
      },
    ];
    const outputs = new Map([
      [0, { output: [pred('Ram', 'B-PER'), pred('in', 'O'), pred('Delhi', 'B-ORG')], error: null }],
      [1, { output: [pred('Sita in', 'B-PER')], error: null }],
    ]);
    const s = scoreOutputs('ner', 'ner-f1', {}, rows, outputs);
    expect(s).toMatchObject({ scored: 1, failed: 1, coverage: 0.5 });
    expect(s.score).toBe(scoreMetric('ner-f1', ['B-PER O B-ORG', ''], [['B-PER O B-LOC', 'I-PER O I-LOC']]).score);
    // 1 right of 2 predicted, 4 expected: P 1/2, R 1/4, F1 1/3.
    expect(s.score).toBeCloseTo(100 / 3, 9);
    expect(s.signature).toMatch(/\|metric:ner-f1\|ulca:\d+\|outputs:nfc\+align:tokens\+bare:I$/);
  });
});

describe('language detection', () => {
  it('takes the highest langScore, else the first prediction', () => {
    expect(
      topLanguage([
        { langCode: 'mr', langScore: 40 },
        { langCode: 'hi', langScore: 55 },
        { langCode: 'ne', langScore: 55 },
      ]),
    ).toBe('hi');
    expect(topLanguage([{ langCode: 'ta' }, { langCode: 'ml' }])).toBe('ta');
    expect(topLanguage([])).toBeNull();
    expect(topLanguage(null)).toBeNull();
  });
  it('scores accuracy on langCode; an empty answer is a failed row', () => {
    const rows = ['hi', 'en', 'ml'].map((langCode, seq) => ({
      seq,
      sourceLanguage: langCode,
      targetLanguage: null,
      data: { sourceText: 'x', langCode },
    }));
    const outputs = new Map([
      [0, { output: [{ langCode: 'hi', langScore: 90 }], error: null }],
      [
        1,
        {
          output: [
            { langCode: 'hi', langScore: 30 },
            { langCode: 'EN', langScore: 70 },
          ],
          error: null,
        },
      ],
      [2, { output: [], error: null }],
    ]);
    const s = scoreOutputs('txt-lang-detection', 'accuracy', {}, rows, outputs);
    expect(s).toMatchObject({ scored: 2, failed: 1 });
    expect(s.score).toBeCloseTo(200 / 3, 9);
  });
});
