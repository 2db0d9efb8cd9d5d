/**
 * Per-example benchmark outputs and the comparison of runs on the real app and PostgreSQL
 * (docs/api.md#per-example-outputs): a translation benchmark through the dataset pipeline, runs of
 * a model answering every row and one failing on the rows that contain "कुत्ता"; a run's JSONL
 * equals its stored outputs; a comparison answers the stored scores, sacrebleu's paired bootstrap
 * p-value (as metrics/significance.ts, which equals sacrebleu on fixtures) and the failed rows as
 * the examples that differ most; bad input is refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { insertTestModel } from '../../test/models.ts';
import { insertTranslationDouble, startBenchmarkRig, submitTranslationBenchmark, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { benchmarkRunFinished } from '../../test/poll.ts';
import { getMetric } from './scoring/index.ts';
import { pairedBootstrapTest, resampledScores } from './scoring/significance.ts';
import { jsonLines } from '../../test/jsonl.ts';

const WORDS = [
  'बिल्ली',
  'सो',
  'रही',
  'है',
  'रात',
  'को',
  'भौंकता',
  'छत',
  'पर',
  'बारिश',
  'गिरती',
  'बच्चे',
  'बगीचे',
  'में',
  'खेलते',
  'हैं',
  'चिड़िया',
  'गाती',
];
/** 24 Hindi sentences; every fourth mentions "कुत्ता" (the flaky model fails on those). */
const SOURCES = Array.from({ length: 24 }, (_, i) => {
  const words = Array.from({ length: 4 + (i % 5) }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]);
  if (i % 4 === 1) words.splice(1, 0, 'कुत्ता');
  return words.join(' ');
});
/** References: the test model's answer, with one word changed on every third row. */
const REFS = SOURCES.map((s, i) => `mr:${i % 3 === 0 ? s.replace(/ [^ ]+$/, ' गाती') : s}`);
const LANGS = [{ sourceLanguage: 'hi', targetLanguage: 'mr' }];
const api = (x: string) => `/ulca/apis/v0/benchmark/${x}`;

let rig: BenchmarkRig;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-run-outputs-', { referenceModels: false, benchmarkRun: { batchRows: 6 } });
  [owner, other] = await Promise.all([createSignedInUser(rig.p, ['CONTRIBUTOR-USER']), createSignedInUser(rig.p, ['CONTRIBUTOR-USER'])]);
}, 60_000);

afterAll(async () => rig?.close());

describe('per-example outputs and run comparison', () => {
  let benchmarkId: string;
  const runs: Record<string, string> = {};

  it('runs three models on a published benchmark', async () => {
    const rows = SOURCES.map((s, i) => ({ sourceText: s, targetText: REFS[i] }));
    const submitted = await submitTranslationBenchmark(
      rig,
      rig.contributor,
      { name: 'Per-example hi-mr', description: 'Rows for the per-example tests' },
      rows,
    );
    expect(submitted.status).toBe('Completed');
    benchmarkId = submitted.benchmarkId;
    // Contributed benchmarks start hidden; these tests are about an open one (test-set-visibility.int.test.ts: a hidden one).
    const open = await signedInject(rig.p.app, rig.contributor, 'POST', api('visibility'), { benchmarkId, visibility: 'open' });
    expect(open.statusCode, open.body).toBe(200);
    const good = await insertTranslationDouble(rig, owner, 'Good MT');
    const flaky = await insertTranslationDouble(rig, owner, 'Flaky MT', 'कुत्ता');
    const draft = await insertTestModel(rig.p.ctx, {
      userId: owner.userId,
      callbackUrl: rig.models.url('translation'),
      name: 'Draft MT',
      languages: LANGS,
      status: 'unpublished',
    });
    for (const [model, key, metrics] of [
      [good, 'good', ['bleu', 'chrf']],
      [flaky, 'flaky', ['bleu']],
      [draft, 'draft', ['bleu']],
    ] as const) {
      const r = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
        modelId: model,
        benchmarks: metrics.map((metric) => ({ benchmarkId, metric })),
      });
      expect(r.statusCode, r.body).toBe(200);
      r.json().benchmarkProcessIds.forEach((id: string, i: number) => (runs[`${key}-${metrics[i]}`] = id));
    }
    for (const id of Object.values(runs)) expect((await benchmarkRunFinished(rig.p.app, owner, id)).status).toBe('Completed');
  }, 90_000);

  it("downloads a run's rows as JSONL equal to its stored outputs, publicly", async () => {
    const res = await rig.p.app.inject({ method: 'GET', url: api(`run/outputs?benchmarkProcessId=${runs['flaky-bleu']}`) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="run-.*-bleu\.jsonl"/);
    const lines = jsonLines(res.body);
    const stored = (
      await rig.p.ctx.db.pool.query(`SELECT seq, output, error FROM benchmark_outputs WHERE benchmark_process_id = $1 ORDER BY seq`, [
        runs['flaky-bleu'],
      ])
    ).rows;
    expect(lines.map((l) => ({ seq: l.seq, output: l.output, error: l.error }))).toEqual(stored);
    expect(lines.map((l) => l.input)).toEqual(SOURCES);
    expect(lines.map((l) => l.reference)).toEqual(REFS);
    expect(lines.map((l) => l.failed)).toEqual(SOURCES.map((s) => s.includes('कुत्ता')));
    const bleu = getMetric('bleu');
    lines.forEach((l, i) => {
      const hyp = l.failed ? '' : `mr:${SOURCES[i]}`;
      expect(l.hypothesis).toBe(hyp);
      expect(l.score).toBe(bleu.impl.fromTotals(bleu.impl.rowStats([hyp], [[REFS[i]]], {})[0], {}));
    });
    expect(lines.find((l) => l.failed).error).toMatch(/^[A-Z_]+: /);
  });

  it("keeps an unpublished model's outputs to its owner", async () => {
    const url = api(`run/outputs?benchmarkProcessId=${runs['draft-bleu']}`);
    expect((await rig.p.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await signedInject(rig.p.app, other, 'GET', url)).statusCode).toBe(404);
    expect((await signedInject(rig.p.app, owner, 'GET', url)).statusCode).toBe(200);
    expect((await rig.p.app.inject({ method: 'GET', url: api(`run/outputs?benchmarkProcessId=${crypto.randomUUID()}`) })).statusCode).toBe(
      404,
    );
  });

  it('compares two runs: stored scores, the paired bootstrap p-value, the failed rows first', async () => {
    const res = await rig.p.app.inject({
      method: 'POST',
      url: api('run/compare'),
      payload: { benchmarkProcessIds: [runs['good-bleu'], runs['flaky-bleu']], limit: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const board = (await rig.p.app.inject({ method: 'GET', url: api(`getBenchmark?benchmarkId=${benchmarkId}`) })).json()
      .benchmarkPerformance;
    const stored = (id: string) => board.find((e: { benchmarkProcessId: string }) => e.benchmarkProcessId === id).score;
    expect(d).toMatchObject({
      benchmarkId,
      benchmarkName: 'Per-example hi-mr',
      metric: 'bleu',
      direction: 'higher',
      samples: 1000,
      seed: 12345,
    });
    expect(d.runs.map((r: { modelName: string; score: number }) => [r.modelName, r.score])).toEqual([
      ['Good MT', stored(runs['good-bleu'])],
      ['Flaky MT', stored(runs['flaky-bleu'])],
    ]);
    // The same test computed here from the registry's row statistics.
    const bleu = getMetric('bleu');
    const hyps = SOURCES.map((s) => `mr:${s}`);
    const a = bleu.impl.rowStats(hyps, [REFS], {});
    const b = bleu.impl.rowStats(
      hyps.map((h) => (h.includes('कुत्ता') ? '' : h)),
      [REFS],
      {},
    );
    const [ra, rb] = resampledScores([a, b], bleu.impl.width({}), (t) => bleu.impl.fromTotals(t, {}));
    const t = pairedBootstrapTest(d.runs[0].score, d.runs[1].score, ra, rb);
    expect(d.pairs).toEqual([
      {
        a: runs['good-bleu'],
        b: runs['flaky-bleu'],
        scoreA: d.runs[0].score,
        scoreB: d.runs[1].score,
        pValue: t.pValue,
        significant: t.pValue < 0.05,
        noDifference: false,
        identicalOutputs: false,
      },
    ]);
    expect(d.testSignature).toBe('paired-bs|n:1000|seed:12345|sacrebleu:2.6.0');
    expect(d.runs[0].signature).toMatch(/version:2\.6\.0\|metric:bleu\|ulca:\d+/);
    expect(d.runs[1].bootstrap).toEqual(t.system);
    expect(d.examples).toHaveLength(10);
    const failedRows = SOURCES.map((s, i) => (s.includes('कुत्ता') ? i : -1)).filter((i) => i >= 0);
    expect(
      d.examples
        .slice(0, failedRows.length)
        .map((e: { seq: number }) => e.seq)
        .sort((x: number, y: number) => x - y),
    ).toEqual(failedRows);
    expect(d.examples[0].outputs.map((o: { failed: boolean }) => o.failed)).toEqual([false, true]);
    expect(d.examples[0].spread).toBeGreaterThan(0);
  });

  it('refuses runs on different metrics, one run, a run twice and unseen runs; nothing changes', async () => {
    const post = (ids: string[], as?: TestUser) =>
      as
        ? signedInject(rig.p.app, as, 'POST', api('run/compare'), { benchmarkProcessIds: ids })
        : rig.p.app.inject({ method: 'POST', url: api('run/compare'), payload: { benchmarkProcessIds: ids } });
    const before = (await rig.p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM benchmark_outputs`)).rows[0].n;
    const metrics = await post([runs['good-bleu'], runs['good-chrf']]);
    expect(metrics.statusCode).toBe(400);
    expect(metrics.json().message).toMatch(/same benchmark dataset with the same metric/);
    const one = await post([runs['good-bleu']]);
    expect(one.statusCode).toBe(400);
    expect(one.body).toMatch(/at least two/);
    expect((await post([runs['good-bleu'], runs['good-bleu']])).statusCode).toBe(400);
    expect((await post([runs['good-bleu'], runs['draft-bleu']])).statusCode).toBe(404);
    // Draft MT answers as Good MT does: identical outputs are "no difference", not sacrebleu's p = 1/1001.
    const twins = await post([runs['good-bleu'], runs['draft-bleu']], owner);
    expect(twins.statusCode).toBe(200);
    expect(twins.json().data.pairs[0]).toMatchObject({ noDifference: true, identicalOutputs: true, pValue: 1, significant: false });
    const three = await post([runs['good-bleu'], runs['flaky-bleu'], runs['draft-bleu']], owner);
    expect(three.json().data.pairs).toHaveLength(3);
    expect((await rig.p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM benchmark_outputs`)).rows[0].n).toBe(before);
  });
});
