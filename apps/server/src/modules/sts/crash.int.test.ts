/**
 * A speech-to-speech batch whose worker is killed (kill -9) mid-batch: the batch's advisory lock
 * dies with the process, the recovery scan (jobs/recovery.ts, on recovery.ts's rule) fails the orphaned job through
 * pg-boss, and a new worker starts the batch over: it ends Completed well within 2 minutes with
 * exactly one row per file (none lost, none twice), instead of staying In-Progress until the job
 * expires an hour later.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STS_API, type StsBatch } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject } from '../../test/users.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { serveTempFolder, type TempFolderServer } from '../../test/fixture-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { writeZip } from '../../test/dataset-zips.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { until } from '../../test/poll.ts';
import { startJobRecovery } from '../../jobs/recovery.ts';
import { startStsBatchWorker } from './batch-job.ts';
import { STS_BATCH_ORPHANS } from './recovery.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { runBatchJob } from './service.ts';

const FILES = 6;
const KILL_AFTER_FILES = 2;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let p: TestPlatform;
let ms: TestModelServer;
let files: TempFolderServer;

beforeAll(async () => {
  files = await serveTempFolder('ulca-sts-crash-');
  ms = await startTestModelServer();
  // No sts worker here at first: the first one is the separate process.
  p = await createTestPlatform({ config: { jobRecoverySeconds: 2 } });
}, 60_000);

afterAll(async () => {
  await closeAll(p, ms, files);
});

describe('an sts batch whose worker is killed mid-batch', () => {
  it('is recovered at restart and ends Completed within 2 minutes with exactly one row per file', async () => {
    const [user, owner] = await Promise.all([createSignedInUser(p), createSignedInUser(p)]);
    const asr = await insertTestModel(p.ctx, {
      userId: owner.userId,
      task: 'asr',
      callbackUrl: ms.url('slow/asr?ms=700'),
      languages: [{ sourceLanguage: 'hi' }],
    });
    const mt = await insertTestModel(p.ctx, {
      userId: owner.userId,
      callbackUrl: ms.url('translation'),
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
    const tts = await insertTestModel(p.ctx, {
      userId: owner.userId,
      task: 'tts',
      callbackUrl: ms.url('tts'),
      languages: [{ sourceLanguage: 'ur' }],
    });
    await writeZip(files.dir, 'clips.zip', Object.fromEntries(Array.from({ length: FILES }, (_, i) => [`clip${i}.wav`, silentWav(0.5)])));
    const batch = {
      url: files.url('clips.zip'),
      sourceLanguage: 'hi',
      targetLanguage: 'ur',
      asrModelId: asr,
      translationModelId: mt,
      ttsModelId: tts,
      gender: 'female',
    };
    const submit = await signedInject(p.app, user, 'POST', STS_API.batchSubmit, batch);
    expect(submit.statusCode, submit.body).toBe(200);
    const batchId = submit.json().data.batchId as string;
    const rows = async () =>
      (await p.ctx.db.pool.query(`SELECT seq FROM sts_batch_files WHERE batch_id = $1 ORDER BY seq`, [batchId])).rows.map(
        (r: { seq: number }) => r.seq,
      );

    // The first worker: a separate process, killed with SIGKILL after a few files.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/test/sts-worker-process.ts', p.ctx.config.databaseUrl!, p.dataDir],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await until(rows, (r) => r.length >= KILL_AFTER_FILES, 90_000, 50);
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    expect((await rows()).length).toBeLessThan(FILES);
    const jobState = async () =>
      (await p.ctx.db.pool.query(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'batchId' = $2`, [QUEUES.stsBatch, batchId]))
        .rows[0]?.state;
    expect(await jobState()).toBe('active');

    // The restart: the recovery scan (at start and every JOB_RECOVERY_SECONDS) and a new worker.
    const recovery = await startJobRecovery(p.ctx, [STS_BATCH_ORPHANS]);
    try {
      await startStsBatchWorker(p.ctx);
      const status = async () =>
        (await signedInject(p.app, user, 'GET', `${STS_API.batchStatus}?batchId=${batchId}`)).json().data as StsBatch;
      const end = await until(status, (b) => b.status === 'Completed' || b.status === 'Failed', 120_000, 300);
      expect(Date.now() - killedAt).toBeLessThan(120_000);
      expect(end).toMatchObject({ status: 'Completed', total: FILES, done: FILES, failed: 0, skipped: 0 });
      expect(await rows()).toEqual(Array.from({ length: FILES }, (_, i) => i));
      expect(end.files.map((f) => f.name)).toEqual(Array.from({ length: FILES }, (_, i) => `clip${i}.wav`));
      console.info(`sts crash: batch ended ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`);

      // Attempts that overlap (a job outliving JOB_EXPIRE_SECONDS is retried while it runs) never run
      // one batch twice: the worker's attempt and two more run it once between them.
      const again = await signedInject(p.app, user, 'POST', STS_API.batchSubmit, batch);
      const second = again.json().data.batchId as string;
      const asrCalls = () => ms.calls.filter((c) => c.path.startsWith('/slow/asr')).length;
      const before = asrCalls();
      await Promise.all([runBatchJob(p.ctx, second), runBatchJob(p.ctx, second)]);
      const done = await until(
        async () => (await signedInject(p.app, user, 'GET', `${STS_API.batchStatus}?batchId=${second}`)).json().data as StsBatch,
        (b) => b.status === 'Completed',
        60_000,
        300,
      );
      expect(done).toMatchObject({ total: FILES, done: FILES });
      expect(asrCalls() - before).toBe(FILES);
    } finally {
      recovery.stop();
    }
  }, 240_000);
});
