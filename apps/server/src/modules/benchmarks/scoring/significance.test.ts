// Paired bootstrap resampling as sacrebleu 2.6.0 computes it (docs/benchmarks.md#comparing-runs).
// fixtures/paired-bs.json holds the inputs and sacrebleu's own PairedTest(test_type='bs') results,
// generated once by fixtures/generate_paired_bs.py; numpy's generator is checked on held words.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrapIndices, generateState64, Pcg64 } from './numpy-random.ts';
import { estimateCi, pairedBootstrapTest, pValueOf, resampledScores } from './significance.ts';
import { getMetric } from './index.ts';

const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/paired-bs.json'), 'utf8')) as {
  refs: string[];
  systems: Record<'baseline' | 'system1' | 'system2', string[]>;
  samples: number;
  seed: number;
  indices: number[][];
  results: Record<'bleu' | 'chrf', { score: number; pValue: number | null; mean: number; ci: number }[]>;
};

describe('numpy default_rng, bit for bit', () => {
  it('SeedSequence(12345).generate_state(4, uint64) and PCG64(12345).random_raw(3)', () => {
    expect(generateState64(12345, 4).map((x) => x.toString(16))).toEqual([
      'b5ae6482a03d837c',
      'bbe2996ffa1f7a2f',
      '64e39a9f37158f94',
      '3ebb0f96a013fd73',
    ]);
    const r = new Pcg64(12345);
    expect([r.next64(), r.next64(), r.next64()]).toEqual([4193609425186963869n, 5843160025838961886n, 14708796524633321433n]);
  });
  it('integers below n, including a large range and a seed wider than 32 bits', () => {
    const r = new Pcg64(7);
    expect([0, 1, 2, 3, 4].map(() => r.below(1000003))).toEqual([944907, 625097, 684181, 897216, 578294]);
    const q = new Pcg64(2n ** 40n + 5n);
    expect([0, 1, 2, 3, 4, 5].map(() => q.below(3))).toEqual([0, 0, 1, 1, 2, 1]);
  });
  it('choice(60, size=(2, 60)) equals the fixture drawn by numpy', () => {
    expect(bootstrapIndices(12345, 2, 60).map((a) => [...a])).toEqual(fixture.indices);
  });
});

describe("sacrebleu's estimate_ci and p-value", () => {
  it('computes them by hand on held vectors', () => {
    // 40 scores 1..40: lower index ⌊40/40⌋ = 1 → 2, upper index 38 → 39; mean 20.5; ci (39 − 2) / 2.
    const scores = Float64Array.from({ length: 40 }, (_, i) => 40 - i);
    expect(estimateCi(scores)).toEqual({ mean: 20.5, ci: 18.5 });
    // Statistics strictly above 1: two of five → (2 + 1) / (5 + 1).
    expect(pValueOf(Float64Array.from([0, 1, 1.5, 3, -2]), 1)).toBe(0.5);
  });
});

describe('paired bootstrap equals sacrebleu on the fixture', () => {
  for (const metricName of ['bleu', 'chrf'] as const) {
    it(`${metricName}: scores, p-values, means and intervals of two systems against the baseline`, () => {
      const m = getMetric(metricName);
      const width = m.impl.width({});
      const fromTotals = (t: readonly number[]) => m.impl.fromTotals(t, {});
      const names = ['baseline', 'system1', 'system2'] as const;
      const stats = names.map((n) => m.impl.rowStats(fixture.systems[n], [fixture.refs], {}));
      const corpus = stats.map((s) => fromTotals(s.reduce((acc, r) => acc.map((v, i) => v + r[i]), new Array<number>(width).fill(0))));
      const resampled = resampledScores(stats, width, fromTotals, { samples: fixture.samples, seed: fixture.seed });
      const expected = fixture.results[metricName];
      for (const s of [1, 2]) {
        const r = pairedBootstrapTest(corpus[0], corpus[s], resampled[0], resampled[s]);
        expect(r.baselineScore).toBeCloseTo(expected[0].score, 9);
        expect(r.systemScore).toBeCloseTo(expected[s].score, 9);
        expect(r.pValue).toBe(expected[s].pValue);
        // sacrebleu scores resamples from float32 statistics with float32 arithmetic for chrF.
        expect(Math.abs(r.system.mean - expected[s].mean)).toBeLessThan(1e-4);
        expect(Math.abs(r.system.ci - expected[s].ci)).toBeLessThan(1e-4);
        expect(Math.abs(r.baseline.mean - expected[0].mean)).toBeLessThan(1e-4);
        expect(Math.abs(r.baseline.ci - expected[0].ci)).toBeLessThan(1e-4);
      }
    });
  }
  it('two systems with identical outputs are "no difference", p-value 1, where sacrebleu would answer 1/1001', () => {
    const m = getMetric('chrf');
    const width = m.impl.width({});
    const fromTotals = (t: readonly number[]) => m.impl.fromTotals(t, {});
    const stats = m.impl.rowStats(fixture.systems.system1, [fixture.refs], {});
    const corpus = fromTotals(stats.reduce((acc, r) => acc.map((v, i) => v + r[i]), new Array<number>(width).fill(0)));
    const [a, b] = resampledScores([stats, stats], width, fromTotals, { samples: fixture.samples, seed: fixture.seed });
    const r = pairedBootstrapTest(corpus, corpus, a, b);
    expect(r.noDifference).toBe(true);
    expect(r.pValue).toBe(1);
    // Differing systems keep sacrebleu's answer.
    const other = m.impl.rowStats(fixture.systems.system2, [fixture.refs], {});
    const otherCorpus = fromTotals(other.reduce((acc, row) => acc.map((v, i) => v + row[i]), new Array<number>(width).fill(0)));
    const [, c] = resampledScores([stats, other], width, fromTotals, { samples: fixture.samples, seed: fixture.seed });
    expect(pairedBootstrapTest(corpus, otherCorpus, a, c).noDifference).toBe(false);
  });

  it('refuses systems of different lengths', () => {
    expect(() => resampledScores([[[1]], [[1], [2]]], 1, (t) => t[0])).toThrow(/different numbers of rows/);
  });
});
