// Registry, coverage, bootstrap, top-k and the Indic recipe.
import { describe, expect, it } from 'vitest';
import { BENCHMARK_TASKS, benchmarkSpec } from '@ulca/contracts';
import { applyFailures, findMetric, getMetric, METRICS, rankByMetric, scoreMetric } from './index.ts';
import { bootstrapInterval, pairedBootstrap } from './bootstrap.ts';
import { indicNormalize, indicPrepare, trivialTokenize } from './indic.ts';
import { tokenize13a, tokenizeChar, tokenizeIntl } from './tokenizers.ts';
import { candidates } from './accuracy.ts';

describe('registry', () => {
  it('lists every metric with its direction; lower is better only for edit rates', () => {
    const lower = METRICS.filter((m) => m.available && m.direction === 'lower').map((m) => m.name);
    expect(lower.sort()).toEqual(['cer', 'ter', 'wer']);
    for (const n of ['bleu', 'chrf', 'chrf++', 'gleu', 'ribes', 'meteor-exact', 'top1', 'top5', 'bleu-indic'])
      expect(getMetric(n).direction).toBe('higher');
  });
  it('lists BERTScore as unavailable with its reason and refuses to score it', () => {
    const bert = findMetric('bert');
    expect(bert).toMatchObject({ name: 'bertscore', available: false });
    expect(bert && !bert.available && bert.reason).toMatch(/model/);
    expect(() => scoreMetric('bertscore', ['a'], [['a']])).toThrow(/unavailable/);
  });
  it('accepts meteor as the exact-match variant and rejects unknown names and tokenisers', () => {
    expect(scoreMetric('meteor', ['a b'], [['a b']]).metric).toBe('meteor-exact');
    expect(() => scoreMetric('rouge', ['a'], [['a']])).toThrow(/Unknown metric/);
    expect(() => scoreMetric('bleu', ['a'], [['a']], { tokenize: 'zh' })).toThrow(/Unknown tokeniser/);
    expect(() => scoreMetric('bleu', ['a', 'b'], [['a']])).toThrow(/1 rows but there are 2/);
    expect(() => scoreMetric('wer', ['a'], [['a'], ['a']])).toThrow(/at most 1/);
  });
  it('signature: sacrebleu fields, then metric and revision', () => {
    expect(scoreMetric('bleu', ['a'], [['a']], { tokenize: 'intl', lowercase: true, smooth: 'floor' }).signature).toBe(
      'nrefs:1|case:lc|eff:no|tok:intl|smooth:floor[0.10]|version:2.6.0|metric:bleu|ulca:1',
    );
    expect(scoreMetric('ter', ['a'], [['a']]).signature).toBe(
      'nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0|metric:ter|ulca:1',
    );
  });
  it('scores every metric the task registry offers for a benchmark task', () => {
    for (const task of BENCHMARK_TASKS) {
      for (const name of benchmarkSpec(task).metrics)
        expect({ task, name, metric: findMetric(name)?.name, available: findMetric(name)?.available }).toEqual({
          task,
          name,
          metric: name,
          available: true,
        });
    }
  });
  it('ranks in each metric direction', () => {
    const rows = [
      { m: 'A', score: 10 },
      { m: 'B', score: 30 },
      { m: 'C', score: 20 },
    ];
    expect(rankByMetric('bleu', rows).map((r) => r.m)).toEqual(['B', 'C', 'A']);
    expect(rankByMetric('wer', rows).map((r) => r.m)).toEqual(['A', 'C', 'B']);
  });
});

describe('coverage: failed rows count as failed and score as empty hypotheses', () => {
  const refs = [['the cat sat on the mat', 'a dog ran in the park', 'he read the book']];
  it('counts failed rows and keeps them in the corpus', () => {
    const { hyps, coverage } = applyFailures(['the cat sat on the mat', null, undefined]);
    expect(coverage).toEqual({ rows: 3, scored: 1, failed: 2, ratio: 1 / 3 });
    expect(hyps).toEqual(['the cat sat on the mat', '', '']);
    // Dropping the failed rows would give WER 0; keeping them deletes all their reference words.
    expect(scoreMetric('wer', hyps, refs).score).toBeCloseTo((100 * 10) / 16, 9);
    expect(scoreMetric('bleu', hyps, refs).score).toBeLessThan(scoreMetric('bleu', hyps.slice(0, 1), [refs[0].slice(0, 1)]).score);
  });
});

describe('bootstrap interval', () => {
  const hyps = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 'the cat sat on a mat' : 'the cat sat on the mat'));
  const refs = [Array.from({ length: 200 }, () => 'the cat sat on the mat')];
  it('is seeded: same seed → same interval; the interval contains the score', () => {
    const a = scoreMetric('bleu', hyps, refs, {}, { samples: 300, seed: 7 });
    const b = scoreMetric('bleu', hyps, refs, {}, { samples: 300, seed: 7 });
    const c = scoreMetric('bleu', hyps, refs, {}, { samples: 300, seed: 8 });
    expect(a.interval).toEqual(b.interval);
    expect(a.interval).not.toEqual(c.interval);
    expect(a.interval!.low).toBeLessThanOrEqual(a.score);
    expect(a.interval!.high).toBeGreaterThanOrEqual(a.score);
    expect(a.interval!.high - a.interval!.low).toBeGreaterThan(0.5);
    expect(a.interval).toMatchObject({ confidence: 0.95, samples: 300, seed: 7 });
  });
  it('is a point when every row is the same', () => {
    const m = getMetric('wer');
    const stats = m.impl.rowStats(['a b'], [['a c']], {});
    const iv = bootstrapInterval(Array(50).fill(stats[0]), 3, (t) => m.impl.fromTotals(t, {}), { samples: 100 });
    expect([iv.low, iv.high]).toEqual([50, 50]);
  });
  it('paired: a system that is better on every row wins every resample', () => {
    const m = getMetric('wer');
    const good = m.impl.rowStats(
      hyps.map(() => 'the cat sat on the mat'),
      refs,
      {},
    );
    const bad = m.impl.rowStats(hyps, refs, {});
    const r = pairedBootstrap(bad, good, 3, (t) => m.impl.fromTotals(t, {}), { samples: 200 });
    expect(r.fractionBNotWorse).toBe(0);
    expect(r.difference.low).toBeGreaterThan(0);
  });
});

describe('top-k accuracy (transliteration, tab-separated candidates)', () => {
  const refs = [['namaste', 'bharat', 'dilli', 'mumbai']];
  const hyps = ['namaste\tnamastey', 'bhaarat\tbharath\tbharat', 'delhi\tdilly\tdili\tdillee\tdeli\tdilli', ''];
  it('top-1 looks at the first candidate, top-5 at the first five', () => {
    expect(candidates(' a \t\tb ')).toEqual(['a', 'b']);
    expect(scoreMetric('top1', hyps, refs).score).toBe(25);
    // Row 2 matches at rank 3; row 3 only at rank 6; row 4 failed.
    expect(scoreMetric('top5', hyps, refs).score).toBe(50);
  });
});

describe('tokenisers (sacrebleu behaviour)', () => {
  it('13a splits punctuation but keeps decimals and unescapes entities', () => {
    expect(tokenize13a('Hello, world! It costs 1,000.50 &amp; more.')).toBe('Hello , world ! It costs 1,000.50 & more .');
  });
  it('intl splits Unicode punctuation such as the danda', () => {
    expect(tokenizeIntl('मैं घर गया। ठीक है?')).toBe('मैं घर गया । ठीक है ?');
    expect(tokenize13a('मैं घर गया। ठीक है?')).toBe('मैं घर गया। ठीक है ?');
  });
  it('char makes every code point a token', () => {
    expect(tokenizeChar('ab 😀c')).toBe('a b 😀 c');
  });
});

describe('Indic recipe (bleu-indic)', () => {
  it('normalises invisible characters and, for Devanagari, nukta forms, pipe and visarga', () => {
    expect(indicNormalize('क\u200Dि\u00A0x\u00AD')).toBe('कि x');
    expect(indicNormalize('\u095B\u0930\u093E | \u0926\u0941:\u0916', 'hi')).toBe(
      '\u091C\u093C\u0930\u093E \u0964 \u0926\u0941\u0903\u0916',
    );
    expect(indicNormalize('a|b', 'ta')).toBe('a|b');
  });
  it('tokenises punctuation and keeps digit groups whole (except at the start, as IndicNLP)', () => {
    expect(trivialTokenize('कीमत 1,000.50 है।')).toEqual(['कीमत', '1,000.50', 'है', '।']);
    expect(trivialTokenize('12:30 बजे, ठीक')).toEqual(['12', ':', '30', 'बजे', ',', 'ठीक']);
    expect(trivialTokenize('میں گیا۔', 'ur')).toEqual(['میں', 'گیا', '۔']);
  });
  it('equals BLEU with tokenize=none on the prepared text and names the recipe in its signature', () => {
    const hyps = ['मैं कल बाज़ार गया था।', 'यह किताब अच्छी है|'];
    const refs = [['मैं कल बाजार गया।', 'यह पुस्तक अच्छी है।']];
    const indic = scoreMetric('bleu-indic', hyps, refs, { lang: 'hi' });
    const manual = scoreMetric(
      'bleu',
      hyps.map((h) => indicPrepare(h, 'hi')),
      refs.map((s) => s.map((r) => indicPrepare(r, 'hi'))),
      { tokenize: 'none' },
    );
    expect(indic.score).toBe(manual.score);
    expect(indic.score).toBeGreaterThan(scoreMetric('bleu', hyps, refs, { tokenize: 'none' }).score);
    expect(indic.signature).toBe(
      'nrefs:1|case:mixed|eff:no|tok:none|smooth:exp|version:2.6.0|prep:indicnlp-norm[hi]+trivtok|metric:bleu-indic|ulca:1',
    );
  });
});
