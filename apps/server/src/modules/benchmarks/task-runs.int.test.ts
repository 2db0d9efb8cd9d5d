/**
 * Benchmark runs of the tasks whose answers are not text (docs/benchmarks.md#benchmark-runs-and-leaderboards): a NER
 * benchmark (nerData, one row annotated ULCA's "basic" way: only the entity words, by tokenIndex)
 * run on the test-double NER endpoint (src/test/model-server.ts: first word B-PER, the rest O) and
 * on the reference rule NER model, scored with ner-f1; a txt-lang-detection benchmark (params
 * without languages, as ULCA's example) run on the reference fastText model and an
 * audio-lang-detection benchmark (the asr-valid fixture's WAVs) run on the test double (always
 * `hi`), scored with accuracy. Each run completes over every row and re-scores equal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertRigDouble, runAndRescore, startBenchmarkRig, submitBenchmarkZip, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { signedInject } from '../../test/users.ts';
import { FIXTURES_DIR, zipFolder } from '../../test/fixtures.ts';
import { until } from '../../test/poll.ts';
import { scoreMetric } from './scoring/index.ts';
import { nerPredictedLine } from './task-outputs.ts';

let rig: BenchmarkRig;
beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-bench-tasks-');
}, 180_000);

afterAll(async () => rig?.close());

const common = {
  collectionSource: ['written for this test'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'Bench Team' },
};

/** Zips params and rows (and `media` files copied in), submits the benchmark and waits until it is listed. */
async function submit(name: string, params: Record<string, unknown>, rows: unknown[], media: string[] = []): Promise<string> {
  const slug = name.replace(/\W+/g, '-');
  const folder = path.join(rig.dir, slug);
  fs.mkdirSync(folder, { recursive: true });
  for (const m of media) fs.copyFileSync(path.join(FIXTURES_DIR, 'asr-valid', 'audios', m), path.join(folder, m));
  fs.writeFileSync(
    path.join(folder, 'params.json'),
    JSON.stringify({ name, description: `${name}, for the task run test`, ...common, ...params }),
  );
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(rows));
  await zipFolder(folder, path.join(rig.dir, `${slug}.zip`));
  const { benchmarkId } = await submitBenchmarkZip(rig, rig.contributor, name, rig.files.url(`${slug}.zip`));
  // ULCA's examples misspell the language-detection tasks; the search takes the right name.
  const task = (params.taskType as { type: string }).type.replace('detetcion', 'detection');
  const statusOf = (d: { benchmarkId: string; status: string }[]) => d.find((b) => b.benchmarkId === benchmarkId)?.status;
  const listed = await until(
    async () =>
      ((await signedInject(rig.p.app, rig.contributor, 'GET', '/ulca/apis/v0/benchmark/listByUserId')).json().data ?? []) as {
        benchmarkId: string;
        status: string;
      }[],
    (d) => statusOf(d) === 'Completed' || statusOf(d) === 'Failed',
    120_000,
  );
  // Completed here means published (listed and searchable).
  expect(statusOf(listed)).toBe('Completed');
  const search = (await rig.p.app.inject({ method: 'POST', url: '/ulca/apis/v0/benchmark/search', payload: { task } })).json().data as {
    benchmarkId: string;
    recordCount: number;
    metric: string[];
  }[];
  const found = search.find((b) => b.benchmarkId === benchmarkId)!;
  expect(found.recordCount).toBe(rows.length);
  return benchmarkId;
}

/** Checks that the model is offered the benchmark with `metric` alone, then runs it as the admin (runAndRescore). */
async function run(modelId: string, benchmarkId: string, metric: string) {
  const offered = (await signedInject(rig.p.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/getByTask', { modelId })).json().data as {
    benchmarkId: string;
    availableMetric: { metricName: string }[];
  }[];
  expect(offered.find((b) => b.benchmarkId === benchmarkId)?.availableMetric.map((m) => m.metricName)).toEqual([metric]);
  return runAndRescore(rig, modelId, benchmarkId, metric);
}

const tagged = (sentence: string, tags: string[]) => ({
  sourceText: sentence,
  nerData: sentence.split(' ').map((token, i) => ({ token, tag: tags[i] })),
});
/** English rows, words separated by spaces as the reference engine splits them. */
const NER_ROWS = [
  tagged('Ram went to Delhi on 15 August 1947 .', ['B-PER', 'O', 'O', 'B-LOC', 'O', 'B-DATE', 'I-DATE', 'I-DATE', 'O']),
  tagged('Mumbai is a big city .', ['B-LOC', 'O', 'O', 'O', 'O', 'O']),
  tagged('Sita lives in Chennai .', ['B-PER', 'O', 'O', 'B-LOC', 'O']),
  // ULCA's basic annotation: only the entity words, tokenIndex from 1, tags without B-/I-.
  {
    sourceText: 'Priya flew from Kolkata to Pune',
    nerData: [
      { tokenIndex: 1, token: 'Priya', tag: 'PER' },
      { tokenIndex: 4, tag: 'LOC' },
      { tokenIndex: 6, tag: 'LOC' },
    ],
  },
];
const NER_REFS = ['B-PER O O B-LOC O B-DATE I-DATE I-DATE O', 'B-LOC O O O O O', 'B-PER O O B-LOC O', 'I-PER O O I-LOC O I-LOC'];

it('NER: a benchmark through the pipeline, run on a test double and on the reference rule model; ner-f1 and re-score equal', async () => {
  const benchmarkId = await submit(
    'NER en benchmark',
    { taskType: { type: 'ner' }, languages: { sourceLanguage: 'en' }, tagsFormat: 'IOB2' },
    NER_ROWS,
  );

  const double = await insertRigDouble(rig, 'ner', {
    task: 'ner',
    name: 'NER double',
    languages: [{ sourceLanguage: 'en' }],
  });
  const d = await run(double, benchmarkId, 'ner-f1');
  expect(d.status).toMatchObject({ status: 'Completed', recordCount: 4, scoredCount: 4, failedCount: 0, coverage: 1 });
  // The double tags each row's first word B-PER: right in rows 1, 3 and 4, wrong (a LOC) in row 2;
  // 9 reference entities. P = 3/4, R = 3/9, F1 = 6/13.
  expect(d.status.score).toBeCloseTo((100 * 6) / 13, 9);
  expect(d.status.score).toBe(
    scoreMetric(
      'ner-f1',
      NER_REFS.map((r) =>
        r
          .split(' ')
          .map((_, i) => (i === 0 ? 'B-PER' : 'O'))
          .join(' '),
      ),
      [NER_REFS],
    ).score,
  );
  expect(d.status.signature).toMatch(
    /^nrefs:1\|scheme:conlleval\|mode:default\|average:micro\|version:1\.2\.2\|metric:ner-f1\|ulca:\d+\|outputs:nfc\+align:tokens\+bare:I$/,
  );

  const ref = rig.p.referenceModels!.models.find((m) => m.task.type === 'ner')!.modelId;
  const r = await run(ref, benchmarkId, 'ner-f1');
  // Every row's words are the engine's tokens, so every output aligns.
  expect(r.status).toMatchObject({ status: 'Completed', recordCount: 4, scoredCount: 4, failedCount: 0, coverage: 1 });
  const lines = r.outputs.map((o, i) => nerPredictedLine(o.output, NER_ROWS[i]));
  // The gazetteer finds the five cities and the date; no people (the engine has no PER).
  expect(lines[0]).toBe('O O O B-LOC O B-DATE I-DATE I-DATE O');
  expect(lines[3]).toBe('O O O B-LOC O B-LOC');
  expect(r.status.score).toBe(scoreMetric('ner-f1', lines as string[], [NER_REFS]).score);
  // Six entities found, all right, of nine: P = 1, R = 2/3, F1 = 0.8.
  expect(r.status.score).toBeCloseTo(80, 9);
}, 300_000);

it('txt-lang-detection: a benchmark without languages, run on the reference fastText model; accuracy and re-score equal', async () => {
  const rows = [
    { sourceText: 'हिंदी एक अच्छी भाषा है', langCode: 'hi' },
    { sourceText: 'its always good to learn many languages', langCode: 'en' },
    { sourceText: 'മലയാളം പഠിക്കാൻ എളുപ്പമാണ്', langCode: 'ml' },
    { sourceText: 'தமிழ் ஒரு பழமையான மொழி', langCode: 'ta' },
    // Labelled Marathi, but it is Hindi: a right model gets this row wrong.
    { sourceText: 'बहुत से लोग हिंदी पढ़ और लिख सकते हैं', langCode: 'mr' },
  ];
  const benchmarkId = await submit('Text LID benchmark', { taskType: { type: 'txt-lang-detetcion' }, languages: null }, rows);
  const stored = (
    await rig.p.ctx.db.pool.query(`SELECT source_language FROM benchmark_records WHERE dataset_id = $1 ORDER BY seq`, [benchmarkId])
  ).rows.map((x) => x.source_language);
  expect(stored).toEqual(rows.map((r) => r.langCode));

  const ref = rig.p.referenceModels!.models.find((m) => m.task.type === 'txt-lang-detection')!.modelId;
  const { status, outputs } = await run(ref, benchmarkId, 'accuracy');
  expect(status).toMatchObject({ status: 'Completed', recordCount: 5, scoredCount: 5, failedCount: 0, coverage: 1 });
  const top = outputs.map((o) => (o.output as { langCode: string }[])[0].langCode);
  expect(top).toEqual(['hi', 'en', 'ml', 'ta', 'hi']);
  expect(status.score).toBe(80);
  expect(status.signature).toMatch(/^nrefs:1\|case:lc\|strip:yes\|metric:accuracy\|ulca:\d+\|outputs:nfc\+ws$/);
}, 300_000);

it('audio-lang-detection: WAV rows through the pipeline, run on a test double one audio a call; accuracy and re-score equal', async () => {
  const wavs = ['hi_asr_01.wav', 'hi_asr_02.wav', 'hi_asr_03.wav'];
  const rows = [
    { audioFilename: wavs[0], langCode: 'hi' },
    { audioFilename: wavs[1], langCode: 'hi', speaker: 'espeak-ng' },
    { audioFilename: wavs[2], langCode: 'en' },
  ];
  const benchmarkId = await submit(
    'Audio LID benchmark',
    { taskType: { type: 'audio-lang-detection' }, languages: null, format: 'wav' },
    rows,
    wavs,
  );
  const double = await insertRigDouble(rig, 'audio-lang-detection', {
    task: 'audio-lang-detection',
    name: 'Audio LID double',
  });
  const before = rig.models.calls.length;
  const { status } = await run(double, benchmarkId, 'accuracy');
  expect(status).toMatchObject({ status: 'Completed', recordCount: 3, scoredCount: 3, failedCount: 0, coverage: 1 });
  // The double always answers hi: two of three.
  expect(status.score).toBeCloseTo(200 / 3, 9);
  const calls = rig.models.calls.slice(before).filter((c) => c.path === '/audio-lang-detection');
  expect(calls).toHaveLength(3);
  const sizes = calls
    .map((c) => Buffer.from((c.body as { audio: { audioContent: string }[] }).audio[0].audioContent, 'base64').length)
    .sort();
  expect(sizes).toEqual(wavs.map((w) => fs.statSync(path.join(FIXTURES_DIR, 'asr-valid', 'audios', w)).size).sort());
  // The language is the answer: it is not sent.
  expect(calls.every((c) => (c.body as { config?: { language?: unknown } }).config?.language === undefined)).toBe(true);
}, 300_000);
