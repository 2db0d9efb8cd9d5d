// Entity F1 against seqeval 1.2.2's published examples (its README's f1_score example, its
// get_entities docstring example) and cases worked out by hand from its chunking rules; and
// language-detection accuracy.
import { describe, expect, it } from 'vitest';
import { entitiesOf } from './ner.ts';
import { scoreMetric } from './index.ts';

const row = (tags: string[]) => tags.join(' ');

describe('ner-f1 (seqeval default mode)', () => {
  it('seqeval README: F1 0.50 (MISC span wrong, PER right)', () => {
    const yTrue = [
      ['O', 'O', 'O', 'B-MISC', 'I-MISC', 'I-MISC', 'O'],
      ['B-PER', 'I-PER', 'O'],
    ];
    const yPred = [
      ['O', 'O', 'B-MISC', 'I-MISC', 'I-MISC', 'I-MISC', 'O'],
      ['B-PER', 'I-PER', 'O'],
    ];
    const s = scoreMetric('ner-f1', yPred.map(row), [yTrue.map(row)]);
    expect(s.score).toBeCloseTo(50, 9);
    expect(s.direction).toBe('higher');
    expect(s.signature).toBe('nrefs:1|scheme:conlleval|mode:default|average:micro|version:1.2.2|metric:ner-f1|ulca:1');
  });
  it('seqeval get_entities: IOB2, an I- after O opens an entity, a type change closes one', () => {
    expect(entitiesOf(['B-PER', 'I-PER', 'O', 'B-LOC'])).toEqual([
      { type: 'PER', start: 0, end: 1 },
      { type: 'LOC', start: 3, end: 3 },
    ]);
    expect(entitiesOf(['I-PER', 'I-PER', 'I-LOC', 'O', 'I-ORG'])).toEqual([
      { type: 'PER', start: 0, end: 1 },
      { type: 'LOC', start: 2, end: 2 },
      { type: 'ORG', start: 4, end: 4 },
    ]);
    // IOBES: S- is a one-token entity, E- ends one.
    expect(entitiesOf(['S-PER', 'B-LOC', 'E-LOC', 'O'])).toEqual([
      { type: 'PER', start: 0, end: 0 },
      { type: 'LOC', start: 1, end: 2 },
    ]);
  });
  it('strict: a right span with the wrong type is wrong; micro-averaged over rows', () => {
    // Row 1: PER right, LOC typed ORG. Row 2: nothing predicted, one ORG expected.
    const s = scoreMetric('ner-f1', ['B-PER O B-ORG', 'O O'], [['B-PER O B-LOC', 'B-ORG I-ORG']]);
    // P = 1/2, R = 1/3, F1 = 2PR/(P+R) = 0.4.
    expect(s.score).toBeCloseTo(40, 9);
  });
  it('no entities anywhere scores 0 (zero division), a failed row predicts none, unequal lengths are refused', () => {
    expect(scoreMetric('ner-f1', ['O O'], [['O O']]).score).toBe(0);
    expect(scoreMetric('ner-f1', ['', 'B-PER'], [['B-LOC', 'B-PER']]).score).toBeCloseTo(100 * (2 / 3), 9);
    expect(() => scoreMetric('ner-f1', ['B-PER O'], [['B-PER']])).toThrow(/same tokens/);
    expect(() => scoreMetric('ner-f1', ['O'], [['O'], ['O']])).toThrow(RangeError);
  });
});

describe('accuracy (language detection)', () => {
  it('counts rows whose code equals the reference, case and surrounding spaces aside', () => {
    const s = scoreMetric('accuracy', ['hi', ' TA ', 'bn', ''], [['hi', 'ta', 'mr', 'hi']]);
    expect(s.score).toBe(50);
    expect(s.signature).toBe('nrefs:1|case:lc|strip:yes|metric:accuracy|ulca:1');
  });
});
