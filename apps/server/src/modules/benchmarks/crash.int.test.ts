/**
 * A benchmark run whose worker dies mid-run (docs/benchmarks.md#benchmark-runs-and-leaderboards "Benchmarks"): a
 * separate worker process (test/benchmark-worker-process.ts) runs a benchmark on a slow test model
 * and is SIGKILLed after a few stored batches; a new worker then takes the run up again (the
 * In-Progress run is re-queued at its start) and finishes it. Every row's output is stored exactly
 * once (none lost, none twice), rows stored before the kill are not sent to the model again, both
 * stages end final, and the stored score equals a re-score and the registry's score on the same
 * outputs.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, signedInject } from '../../test/users.ts';
import { insertTestModel } from '../../test/models.ts';
import { startBenchmarkRig, submitTranslationBenchmark, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { until } from '../../test/poll.ts';
import { requeueRunningBenchmarkRuns, startBenchmarkRunWorker } from './run-job.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { scoreMetric } from './scoring/index.ts';

const ROWS = 40;
const BATCH = 4;
const KILL_AFTER_BATCHES = 3;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const LANGS = [{ sourceLanguage: 'hi', targetLanguage: 'mr' }];
const SOURCES = Array.from({ length: ROWS }, (_, i) => `वाक्य संख्या ${i} यहाँ है`);
/** The test model answers `mr:<source>`; every third reference differs, so the score is below 100. */
const REFS = SOURCES.map((s, i) => (i % 3 === 0 ? `mr:${s} और कुछ` : `mr:${s}`));

let rig: BenchmarkRig;

beforeAll(async () => {
  // No benchmark-run worker here: the first one is the separate process.
  rig = await startBenchmarkRig('ulca-bench-crash-', { referenceModels: false, benchmarkRun: false });
}, 60_000);

afterAll(async () => rig?.close());

describe('a benchmark run whose worker is killed mid-run', () => {
  it('resumes on a new worker: every output stored once, stages final, score equal to a re-score', async () => {
    const owner = await createSignedInUser(rig.p, ['CONTRIBUTOR-USER']);
    const rows = SOURCES.map((s, i) => ({ sourceText: s, targetText: REFS[i] }));
    const about = { name: 'Crash benchmark', description: 'Forty sentences for the crash test' };
    const { benchmarkId } = await submitTranslationBenchmark(rig, rig.contributor, about, rows);

    const model = await insertTestModel(rig.p.ctx, {
      userId: owner.userId,
      callbackUrl: rig.models.url('slow/translation?ms=300'),
      name: 'Slow MT',
      languages: LANGS,
    });
    const exec = await signedInject(rig.p.app, owner, 'POST', '/ulca/apis/v0/benchmark/execute', {
      modelId: model,
      benchmarks: [{ benchmarkId, metric: 'bleu' }],
    });
    expect(exec.statusCode, exec.body).toBe(200);
    const runId = exec.json().benchmarkProcessIds[0] as string;

    // The first worker: a separate process, SIGKILLed after a few stored batches.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/test/benchmark-worker-process.ts', rig.p.ctx.config.databaseUrl!, rig.p.dataDir, String(BATCH)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let batches = 0;
    await new Promise<void>((resolve) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('batch ') && ++batches === KILL_AFTER_BATCHES) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    expect(batches).toBe(KILL_AFTER_BATCHES);

    const status = async () =>
      (await signedInject(rig.p.app, owner, 'GET', `/ulca/apis/v0/benchmark/process/status?benchmarkProcessId=${runId}`)).json().data[0];
    const mid = await status();
    expect(mid.status).toBe('In-Progress');
    expect(mid.stages).toEqual([
      { stage: 'inference', status: 'In-Progress' },
      { stage: 'scoring', status: expect.not.stringMatching(/^(Completed|Failed)$/) },
    ]);
    const storedMid = (
      await rig.p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM benchmark_outputs WHERE benchmark_process_id = $1`, [runId])
    ).rows[0].n as number;
    expect(storedMid).toBeGreaterThanOrEqual(KILL_AFTER_BATCHES * BATCH);
    expect(storedMid).toBeLessThan(ROWS);
    // A call the dead worker had on the wire may still be reaching the model server.
    await new Promise((r) => setTimeout(r, 500));
    const sentBefore = rig.models.calls.length;

    // Workers starting together queue the orphaned run once: a second start sees its job waiting.
    expect(await requeueRunningBenchmarkRuns(rig.p.ctx)).toEqual([runId]);
    expect(await requeueRunningBenchmarkRuns(rig.p.ctx)).toEqual([]);
    const jobs = async () =>
      (
        await rig.p.ctx.db.pool.query(
          `SELECT state FROM pgboss.job WHERE name = $1 AND data->>'benchmarkProcessId' = $2 ORDER BY created_on`,
          [QUEUES.benchmarkRun, runId],
        )
      ).rows.map((r: { state: string }) => r.state);
    // The dead worker's job (still active until it expires) and the one waiting.
    expect(await jobs()).toEqual(['active', 'created']);

    // A new worker: takes the waiting job (queuing nothing more) and finishes the run.
    await startBenchmarkRunWorker(rig.p.ctx, { batchRows: BATCH });
    const end = await until(status, (s) => s?.status === 'Completed' || s?.status === 'Failed');
    expect(end).toMatchObject({ status: 'Completed', recordCount: ROWS, scoredCount: ROWS, failedCount: 0, coverage: 1 });
    expect(end.stages).toEqual([
      { stage: 'inference', status: 'Completed' },
      { stage: 'scoring', status: 'Completed' },
    ]);

    // Every row's output once: none lost, none twice, none failed.
    const outputs = await rig.p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT seq)::int AS seqs, count(*) FILTER (WHERE error IS NOT NULL)::int AS failed FROM benchmark_outputs WHERE benchmark_process_id = $1`,
      [runId],
    );
    expect(outputs.rows[0]).toEqual({ n: ROWS, seqs: ROWS, failed: 0 });
    // Rows stored before the kill were not sent again: the new worker sent only the others.
    const resent = rig.models.calls.slice(sentBefore).reduce((k, c) => k + ((c.body as { input?: unknown[] }).input?.length ?? 0), 0);
    expect(resent).toBe(ROWS - storedMid);

    // The score is the registry's on the same outputs, and a re-score gives it again.
    expect(end.score).toBe(
      scoreMetric(
        'bleu',
        SOURCES.map((s) => `mr:${s}`),
        [REFS],
      ).score,
    );
    const rescore = await signedInject(rig.p.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/rescore', { benchmarkProcessId: runId });
    expect(rescore.statusCode, rescore.body).toBe(200);
    expect(rescore.json().data.equal).toBe(true);

    // Two jobs in all: the dead worker's and the one that finished the run; none waits.
    const after = await jobs();
    expect(after).toHaveLength(2);
    expect(after.filter((s) => s === 'created' || s === 'retry')).toEqual([]);
  }, 120_000);
});
