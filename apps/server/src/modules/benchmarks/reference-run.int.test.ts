/**
 * A benchmark run on one of the platform's reference models (a run on a
 * reference model). The reference server listens on loopback, which the guarded fetch refuses for
 * contributors' models: the run must reach it through this process's one allowed origin, as the
 * inference proxy and the health round do (reference-models/service.ts modelCallRoute).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBenchmarkRig, submitTranslationBenchmark, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { signedInject } from '../../test/users.ts';
import { benchmarkRunFinished } from '../../test/poll.ts';

/** Hindi sources and Urdu references; the first reference is Apertium's own output for its source. */
const ROWS = [
  { sourceText: 'मेरा नाम राम है।', targetText: 'میرا نام رام ہے۔' },
  { sourceText: 'राम घर जाता है।', targetText: 'رام گھر جاتا ہے۔' },
  { sourceText: 'यह किताब अच्छी है।', targetText: 'یہ کتاب اچھی ہے۔' },
];

const HI_UR = { sourceLanguage: 'hi', targetLanguage: 'ur' };
let rig: BenchmarkRig;

beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-bench-ref-');
}, 180_000);

afterAll(async () => rig?.close());

const api = (x: string) => `/ulca/apis/v0/benchmark/${x}`;

it('runs the reference hi→ur translation model on a hi→ur benchmark: every row answered, scored and re-scored equal', async () => {
  const about = { name: 'Reference hi-ur benchmark', description: 'Three sentences for the reference model run', languages: HI_UR };
  const submitted = await submitTranslationBenchmark(rig, rig.contributor, about, ROWS, 90_000);
  expect(submitted.status).toBe('Completed');
  const { benchmarkId } = submitted;

  const modelId = rig.p.referenceModels!.models.find((m) => m.task.type === 'translation')!.modelId;
  const res = await signedInject(rig.p.app, rig.admin, 'POST', api('execute'), { modelId, benchmarks: [{ benchmarkId, metric: 'bleu' }] });
  expect(res.statusCode, res.body).toBe(200);
  const [runId] = res.json().benchmarkProcessIds;
  const status = await benchmarkRunFinished(rig.p.app, rig.admin, runId, 90_000);
  // Every row reached the engine (none failed), so the score covers all three.
  expect(status).toMatchObject({ status: 'Completed', recordCount: 3, scoredCount: 3, failedCount: 0, coverage: 1 });
  expect(status.score).toBeGreaterThan(0);
  const rescored = await signedInject(rig.p.app, rig.admin, 'POST', api('rescore'), { benchmarkProcessId: runId });
  expect(rescored.statusCode, rescored.body).toBe(200);
  expect(rescored.json().data.equal).toBe(true);
}, 240_000);
