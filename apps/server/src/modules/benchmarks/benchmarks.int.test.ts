/**
 * Benchmarks end to end on the real app and PostgreSQL (integration): a
 * translation benchmark dataset through the datasets pipeline, runs of test-model-server models
 * (one answering every row, one failing on the rows that contain "कुत्ता") through the benchmark-run
 * job, scores with signature, coverage and interval, the leaderboard order per metric (TER lower
 * first), the refusal of a second run, re-score equal, and who may do what.
 *
 * The test model server translates `s` to `<target>:s`; the benchmark (hi→mr, both Devanagari, so
 * the references pass the script check) builds its references the same way, so a model that answers every row scores what the references allow, and the failing one
 * less (its failed rows stay in the corpus as empty outputs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { insertTestModel } from '../../test/models.ts';
import {
  insertTranslationDouble,
  startBenchmarkRig,
  translationBenchmarkParams,
  writeBenchmarkZip,
  type BenchmarkRig,
} from '../../test/benchmark-rig.ts';
import { benchmarkRunFinished, until } from '../../test/poll.ts';
import { scoreMetric } from './scoring/index.ts';

/** Hindi sources (Devanagari); "कुत्ता" (dog) marks the rows the flaky model fails on. */
const SOURCES = ['बिल्ली सो रही है', 'रात को कुत्ता भौंकता है', 'छत पर बारिश गिरती है', 'कुत्ता चावल खाता है', 'बच्चे बगीचे में खेलते हैं', 'चिड़िया गाती है'];
/** References (hi→mr, both Devanagari): the test model's answer, except the last row (so a perfect model is not at 100). */
const REFS = SOURCES.map((s, i) => (i === SOURCES.length - 1 ? 'mr:छोटी चिड़िया ज़ोर से गाती है' : `mr:${s}`));
const LANGS = [{ sourceLanguage: 'hi', targetLanguage: 'mr' }];

let rig: BenchmarkRig;
let owner: TestUser;
let other: TestUser;

const translationParams = translationBenchmarkParams('Test hi-mr benchmark', 'Six sentences for the benchmark tests');

const api = (x: string) => `/ulca/apis/v0/benchmark/${x}`;

const finished = (as: TestUser, id: string) => benchmarkRunFinished(rig.p.app, as, id);

beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-bench-', { referenceModels: false, benchmarkRun: { batchRows: 3 } });
  [owner, other] = await Promise.all([createSignedInUser(rig.p, ['CONTRIBUTOR-USER']), createSignedInUser(rig.p, ['CONTRIBUTOR-USER'])]);
}, 60_000);

afterAll(async () => rig?.close());

describe('benchmarks', () => {
  let benchmarkId: string;
  let good: string;
  let flaky: string;
  const runs: Record<string, string> = {};

  it('publishes a translation benchmark dataset through the dataset pipeline, kept out of the dataset list', async () => {
    const url = await writeBenchmarkZip(
      rig.dir,
      rig.files,
      'bm',
      translationParams,
      SOURCES.map((s, i) => ({ sourceText: s, targetText: REFS[i] })),
    );
    const res = await signedInject(rig.p.app, rig.contributor, 'POST', api('submit'), { datasetName: 'Test hi-mr benchmark', url });
    expect(res.statusCode, res.body).toBe(200);
    benchmarkId = res.json().data.benchmarkId;
    const srn = res.json().data.serviceRequestNumber;
    const listed = await until(
      async () => (await signedInject(rig.p.app, rig.contributor, 'GET', api('listByUserId'))).json(),
      (l) => l.data?.[0]?.status === 'Completed' || l.data?.[0]?.status === 'Failed',
    );
    expect(listed.data[0]).toMatchObject({
      benchmarkId,
      serviceRequestNumber: srn,
      datasetName: 'Test hi-mr benchmark',
      datasetType: 'translation',
      status: 'Completed',
    });
    // The dataset tab and the public records know nothing of it.
    expect(
      (await signedInject(rig.p.app, rig.contributor, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${rig.contributor.userId}`)).json()
        .data,
    ).toEqual([]);
    const n = await rig.p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`);
    expect(n.rows[0].n).toBe(0);

    const search = (
      await rig.p.app.inject({
        method: 'POST',
        url: api('search'),
        payload: { task: 'translation', sourceLanguage: 'hi', targetLanguage: 'All', domain: 'general' },
      })
    ).json();
    expect(search.data).toHaveLength(1);
    // refUrl: the Download of the details page, the address the dataset was submitted from; a contributed
    // benchmark starts hidden, so the public list does not give it (docs/api.md#who-sees-a-benchmarks-rows).
    expect(search.data[0]).toMatchObject({
      benchmarkId,
      refUrl: null,
      visibility: 'hidden',
      recordCount: SOURCES.length,
      languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
      submitter: { name: 'Bench Team' },
    });
    expect(search.data[0].metric).toEqual(expect.arrayContaining(['bleu', 'chrf', 'ter']));
    expect(
      (await rig.p.app.inject({ method: 'POST', url: api('search'), payload: { task: 'translation', sourceLanguage: 'ta' } })).json().data,
    ).toEqual([]);
  });

  it('refuses benchmark params of an unknown task and a plain contributor', async () => {
    const url = await writeBenchmarkZip(rig.dir, rig.files, 'bad', { ...translationParams, taskType: { type: 'summarisation' } }, [
      { sourceText: 'a', targetText: 'b' },
    ]);
    const res = await signedInject(rig.p.app, rig.contributor, 'POST', api('submit'), { datasetName: 'Bad task', url });
    expect(res.statusCode).toBe(200);
    const listed = await until(
      async () => (await signedInject(rig.p.app, rig.contributor, 'GET', api('listByUserId'))).json(),
      (l) => l.data.find((d: { datasetName: string }) => d.datasetName === 'Bad task')?.status === 'Failed',
    );
    expect(listed.data.find((d: { datasetName: string }) => d.datasetName === 'Bad task').status).toBe('Failed');
    expect((await signedInject(rig.p.app, owner, 'POST', api('submit'), { datasetName: 'Not mine to submit', url })).statusCode).toBe(403);
  });

  it('offers the benchmark for the model and runs it; the failing rows lower coverage, never vanish', async () => {
    good = await insertTranslationDouble(rig, owner, 'Good MT');
    flaky = await insertTranslationDouble(rig, owner, 'Flaky MT', 'कुत्ता');
    const offered = (await signedInject(rig.p.app, owner, 'POST', api('getByTask'), { modelId: good })).json();
    expect(offered.data.map((b: { benchmarkId: string }) => b.benchmarkId)).toEqual([benchmarkId]);
    expect(offered.data[0].availableMetric.map((m: { metricName: string }) => m.metricName)).toContain('ter');

    for (const [model, key] of [
      [good, 'good'],
      [flaky, 'flaky'],
    ] as const) {
      const res = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
        modelId: model,
        benchmarks: [
          { benchmarkId, metric: 'bleu' },
          { benchmarkId, metric: 'ter' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      [runs[`${key}-bleu`], runs[`${key}-ter`]] = res.json().benchmarkProcessIds;
    }
    const goodBleu = await finished(owner, runs['good-bleu']);
    const flakyBleu = await finished(owner, runs['flaky-bleu']);
    expect(goodBleu).toMatchObject({ status: 'Completed', recordCount: 6, scoredCount: 6, failedCount: 0, coverage: 1 });
    expect(goodBleu.stages).toEqual([
      { stage: 'inference', status: 'Completed' },
      { stage: 'scoring', status: 'Completed' },
    ]);
    expect(flakyBleu).toMatchObject({ status: 'Completed', scoredCount: 4, failedCount: 2 });
    expect(flakyBleu.coverage).toBeCloseTo(4 / 6, 12);

    // The stored score is the registry's on the same hypotheses (failed rows = empty outputs).
    const hyps = SOURCES.map((s) => `mr:${s}`);
    expect(goodBleu.score).toBe(scoreMetric('bleu', hyps, [REFS]).score);
    expect(flakyBleu.score).toBe(
      scoreMetric(
        'bleu',
        hyps.map((h) => (h.includes('कुत्ता') ? '' : h)),
        [REFS],
      ).score,
    );
    expect(goodBleu.score).toBeLessThan(100);
    expect(flakyBleu.score).toBeLessThan(goodBleu.score);
    for (const s of [goodBleu, flakyBleu]) {
      expect(s.signature).toMatch(
        /^nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:2\.6\.0\|metric:bleu\|ulca:\d+\|outputs:nfc\+ws$/,
      );
      expect(s.ci.low).toBeLessThanOrEqual(s.score);
      expect(s.ci.high).toBeGreaterThanOrEqual(s.score);
    }
    // Every row's output is kept, the failed ones as failed.
    const stored = await rig.p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE error IS NOT NULL)::int AS failed FROM benchmark_outputs WHERE benchmark_process_id = $1`,
      [runs['flaky-bleu']],
    );
    expect(stored.rows[0]).toEqual({ n: 6, failed: 2 });
  });

  it('ranks the leaderboard per metric in its direction (TER: lower first)', async () => {
    await finished(owner, runs['good-ter']);
    await finished(owner, runs['flaky-ter']);
    const detail = (await rig.p.app.inject({ method: 'GET', url: api(`getBenchmark?benchmarkId=${benchmarkId}`) })).json();
    const board = (metric: string) =>
      detail.benchmarkPerformance
        .filter((e: { metric: string }) => e.metric === metric)
        .map((e: { modelName: string; position: number; score: number }) => [e.position, e.modelName, e.score]);
    const bleu = board('bleu');
    const ter = board('ter');
    expect(bleu.map((e: unknown[]) => e.slice(0, 2))).toEqual([
      [1, 'Good MT'],
      [2, 'Flaky MT'],
    ]);
    expect(ter.map((e: unknown[]) => e.slice(0, 2))).toEqual([
      [1, 'Good MT'],
      [2, 'Flaky MT'],
    ]);
    expect(ter[0][2]).toBeLessThan(ter[1][2]);
    expect(detail.benchmarkPerformance[0]).toMatchObject({ modelVersion: 'v1.0', coverage: 1 });
    // The address it was submitted from: to its owner only while it is hidden (test-set-visibility.int.test.ts).
    expect(detail.refUrl).toBeNull();
    const own = (await signedInject(rig.p.app, rig.contributor, 'GET', api(`getBenchmark?benchmarkId=${benchmarkId}`))).json();
    expect(own.refUrl).toBe(rig.files.url('zips/bm.zip'));
    // Only a bundled benchmark downloads from here; a submitted one from its own address.
    const dl = await rig.p.app.inject({ method: 'GET', url: api(`download?benchmarkId=${benchmarkId}`) });
    expect(dl.statusCode).toBe(404);
  });

  it("lists an unpublished model's run to its owner only, marked and unranked; the public ranks stay", async () => {
    const hidden = await insertTestModel(rig.p.ctx, {
      userId: owner.userId,
      callbackUrl: rig.models.url('translation'),
      name: 'Draft MT',
      languages: LANGS,
      status: 'unpublished',
    });
    const res = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
      modelId: hidden,
      benchmarks: [{ benchmarkId, metric: 'bleu' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await finished(owner, res.json().benchmarkProcessIds[0])).status).toBe('Completed');
    const bleuOf = (detail: { benchmarkPerformance: { metric: string; modelName: string; position: number; modelStatus: string }[] }) =>
      detail.benchmarkPerformance.filter((e) => e.metric === 'bleu').map((e) => [e.modelName, e.position, e.modelStatus]);
    const asOwner = (await signedInject(rig.p.app, owner, 'GET', api(`getBenchmark?benchmarkId=${benchmarkId}`))).json();
    // Draft MT answers as Good MT does, so it sits beside it, without a rank of its own.
    expect(bleuOf(asOwner)).toEqual(
      expect.arrayContaining([
        ['Good MT', 1, 'published'],
        ['Draft MT', 0, 'unpublished'],
        ['Flaky MT', 2, 'published'],
      ]),
    );
    expect(bleuOf(asOwner)).toHaveLength(3);
    const asPublic = (await rig.p.app.inject({ method: 'GET', url: api(`getBenchmark?benchmarkId=${benchmarkId}`) })).json();
    expect(bleuOf(asPublic)).toEqual([
      ['Good MT', 1, 'published'],
      ['Flaky MT', 2, 'published'],
    ]);
    const asOther = (await signedInject(rig.p.app, other, 'GET', api(`getBenchmark?benchmarkId=${benchmarkId}`))).json();
    expect(bleuOf(asOther)).toEqual(bleuOf(asPublic));
  });

  it('refuses a second run of the same model, benchmark and metric', async () => {
    const res = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
      modelId: good,
      benchmarks: [{ benchmarkId, metric: 'bleu' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already been benchmarked/);
    const wrong = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
      modelId: good,
      benchmarks: [{ benchmarkId, metric: 'wer' }],
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('re-scores from the stored outputs to the same number (ADMIN only)', async () => {
    for (const id of [runs['good-bleu'], runs['flaky-bleu'], runs['flaky-ter']]) {
      const res = await signedInject(rig.p.app, rig.admin, 'POST', api('rescore'), { benchmarkProcessId: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.equal).toBe(true);
      expect(res.json().data.recomputed).toEqual(res.json().data.stored);
    }
    expect((await signedInject(rig.p.app, owner, 'POST', api('rescore'), { benchmarkProcessId: runs['good-bleu'] })).statusCode).toBe(403);
  });

  it("fills the model's benchmarkPerformance, newest first", async () => {
    const m = (await signedInject(rig.p.app, owner, 'GET', `/ulca/apis/v0/model/getModel?modelId=${flaky}`)).json();
    expect(m.benchmarkPerformance).toHaveLength(2);
    expect(m.benchmarkPerformance.map((b: { metric: string }) => b.metric).sort()).toEqual(['bleu', 'ter']);
    expect(m.benchmarkPerformance[0]).toMatchObject({
      benchmarkDatasetId: benchmarkId,
      benchmarkDatasetName: 'Test hi-mr benchmark',
      status: 'Completed',
    });
    expect(m.benchmarkPerformance[0].createdOn).toBeGreaterThanOrEqual(m.benchmarkPerformance[1].createdOn);
    const mine = (await signedInject(rig.p.app, owner, 'GET', `/ulca/apis/v0/model/listByUserId?userId=${owner.userId}`)).json();
    // Good MT and Flaky MT ran BLEU and TER; Draft MT (unpublished, above) BLEU only.
    expect(
      mine.data
        .filter((x: { name: string }) => x.name !== 'Draft MT')
        .every((x: { benchmarkPerformance: unknown[] }) => x.benchmarkPerformance.length === 2),
    ).toBe(true);
  });

  it("keeps other users off a model's runs", async () => {
    expect(
      (await signedInject(rig.p.app, other, 'POST', api('execute'), { modelId: good, benchmarks: [{ benchmarkId, metric: 'chrf' }] }))
        .statusCode,
    ).toBe(404);
    expect((await signedInject(rig.p.app, other, 'POST', api('getByTask'), { modelId: good })).statusCode).toBe(404);
    expect((await signedInject(rig.p.app, other, 'GET', api(`process/status?benchmarkProcessId=${runs['good-bleu']}`))).statusCode).toBe(
      404,
    );
    expect(
      (await signedInject(rig.p.app, rig.admin, 'GET', api(`process/status?benchmarkProcessId=${runs['good-bleu']}`))).statusCode,
    ).toBe(200);
  });

  it('refuses publish/unpublish while a run is In-Progress', async () => {
    const slow = await insertTestModel(rig.p.ctx, {
      userId: owner.userId,
      callbackUrl: rig.models.url('slow/translation?ms=1500'),
      name: 'Slow MT',
      languages: LANGS,
    });
    const res = await signedInject(rig.p.app, owner, 'POST', api('execute'), {
      modelId: slow,
      benchmarks: [{ benchmarkId, metric: 'chrf' }],
    });
    const id = res.json().benchmarkProcessIds[0];
    const change = await signedInject(rig.p.app, owner, 'POST', '/ulca/apis/v0/model/status/change', {
      modelId: slow,
      status: 'unpublished',
      unpublishReason: 'testing',
    });
    expect(change.statusCode).toBe(409);
    expect((await finished(owner, id)).status).toBe('Completed');
    const after = await signedInject(rig.p.app, owner, 'POST', '/ulca/apis/v0/model/status/change', {
      modelId: slow,
      status: 'unpublished',
      unpublishReason: 'testing',
    });
    expect(after.statusCode).toBe(200);
  }, 30_000);
});
