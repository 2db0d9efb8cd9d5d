/**
 * Benchmark runs on media tasks through the real job (docs/benchmarks.md#benchmark-runs-and-leaderboards): an ASR
 * benchmark (the espeak-ng WAVs of the asr-valid fixture) run on a test-double ASR endpoint
 * (apps/server/src/test/model-server.ts answers `heard <n> bytes` per audio), scored with WER; and
 * an OCR benchmark (the rendered Tamil lines of the ocr-valid fixture) run on the reference
 * Tesseract model, scored with CER. Each: the media reach the model from the object store, every
 * row is answered, the score equals the metric registry's on the stored outputs, and a re-score
 * gives it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertRigDouble, runAndRescore, startBenchmarkRig, submitBenchmarkZip, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { FIXTURES_DIR, zipFolder } from '../../test/fixtures.ts';
import { until } from '../../test/poll.ts';
import { scoreMetric } from './scoring/index.ts';

let rig: BenchmarkRig;
beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-bench-media-');
}, 180_000);

afterAll(async () => rig?.close());

/**
 * Turns dataset fixture `fixture` into a benchmark of `task` (its params become benchmark params,
 * `rewrite` may change its rows), submits it and waits until it is listed; returns its id and rows.
 */
async function submitBenchmark(
  fixture: string,
  task: string,
  name: string,
  rewrite: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
) {
  const folder = path.join(rig.dir, fixture);
  fs.cpSync(path.join(FIXTURES_DIR, fixture), folder, { recursive: true });
  const params = JSON.parse(fs.readFileSync(path.join(folder, 'params.json'), 'utf8')) as Record<string, unknown>;
  delete params.datasetType;
  fs.writeFileSync(
    path.join(folder, 'params.json'),
    JSON.stringify({ ...params, name, taskType: { type: task }, description: `${name}, for the media run test` }),
  );
  const rows = rewrite(JSON.parse(fs.readFileSync(path.join(folder, 'data.json'), 'utf8')) as Record<string, unknown>[]);
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(rows));
  await zipFolder(folder, path.join(rig.dir, `${fixture}.zip`));
  const { benchmarkId } = await submitBenchmarkZip(rig, rig.contributor, name, rig.files.url(`${fixture}.zip`));
  await until(
    async () => (await rig.p.app.inject({ method: 'POST', url: '/ulca/apis/v0/benchmark/search', payload: { task } })).json().data ?? [],
    (d: { benchmarkId: string }[]) => d.some((b) => b.benchmarkId === benchmarkId),
    120_000,
  );
  return { benchmarkId, rows };
}

it('ASR on a test-double endpoint: every audio reaches it from the store; WER equals the registry on the outputs and re-scores equal', async () => {
  // The references stay the Hindi transcripts (the pipeline's script check refuses Latin text for
  // hi), so the double's Latin answers are all wrong: what is checked is the path, not the model.
  const { benchmarkId, rows } = await submitBenchmark('asr-valid', 'asr', 'ASR media benchmark', (rs) => rs);
  expect(rows).toHaveLength(4);
  const modelId = await insertRigDouble(rig, 'asr', {
    task: 'asr',
    name: 'ASR double',
  });
  const { status, outputs } = await runAndRescore(rig, modelId, benchmarkId, 'wer');
  expect(status).toMatchObject({ status: 'Completed', recordCount: rows.length, scoredCount: rows.length, failedCount: 0, coverage: 1 });
  // The double heard each stored WAV whole: the bytes submitted.
  expect(outputs.map((o) => o.output)).toEqual(
    rows.map((r) => `heard ${fs.statSync(path.join(FIXTURES_DIR, 'asr-valid', String(r.audioFilename))).size} bytes`),
  );
  const expected = scoreMetric(
    'wer',
    outputs.map((o) => String(o.output)),
    [rows.map((r) => String(r.text))],
  ).score;
  expect(status.score).toBe(expected);
  expect(expected).toBeGreaterThan(0);
}, 300_000);

it('OCR on the reference Tesseract model: every image read; CER equals the registry on the outputs, is low, and re-scores equal', async () => {
  const { benchmarkId, rows } = await submitBenchmark('ocr-valid', 'ocr', 'OCR media benchmark', (rs) => rs);
  const modelId = rig.p.referenceModels!.models.find((m) => m.task.type === 'ocr')!.modelId;
  const { status, outputs } = await runAndRescore(rig, modelId, benchmarkId, 'cer');
  expect(status).toMatchObject({ status: 'Completed', recordCount: rows.length, scoredCount: rows.length, failedCount: 0, coverage: 1 });
  const expected = scoreMetric(
    'cer',
    outputs.map((o) => String(o.output)),
    [rows.map((r) => String(r.groundTruth))],
  ).score;
  expect(status.score).toBeCloseTo(expected, 9);
  // Printed Tamil lines: Tesseract reads them nearly right (a CER of 100 would mean it read nothing).
  expect(expected).toBeLessThan(25);
}, 300_000);
