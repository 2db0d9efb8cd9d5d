/**
 * A worker process owns its inference usage like the API process (docs/architecture.md#services): an
 * sts batch run by a worker-only context (no routes registered there) counts its model calls in
 * that context's services, and closeServices writes them to model_usage, even when the flush timer
 * has not run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STS_API, type StsBatch } from '@ulca/contracts';
import type { FullContext } from './app-services.ts';
import { startWorkers } from './workers.ts';
import { InferenceState } from './modules/inference/state.ts';
import { closeServices, createServices } from './services.ts';
import { serveTempFolder, type TempFolderServer } from './test/fixture-server.ts';
import { createTestPlatform, type TestPlatform } from './test/harness.ts';
import { silentWav, startTestModelServer, viaLocalhost, type TestModelServer } from './test/model-server.ts';
import { writeZip } from './test/dataset-zips.ts';
import { insertTestModel } from './test/models.ts';
import { createSignedInUser, signedInject } from './test/users.ts';

let p: TestPlatform;
let worker: FullContext | undefined;
let ms: TestModelServer;
let files: TempFolderServer;

beforeAll(async () => {
  files = await serveTempFolder('ulca-sts-usage-');
  ms = await startTestModelServer();
  // The API process: no sts worker of its own.
  p = await createTestPlatform({ config: { allowedFetchHosts: ['localhost'] } });
  // The worker process: its own services on the same database and queue; the flush timer never fires here.
  worker = await createServices(
    { ...p.ctx, config: { ...p.ctx.config, runHttp: false, runWorkers: true } },
    { inference: (ctx) => new InferenceState({ ...ctx, flushIntervalMs: 3_600_000 }) },
  );
  await startWorkers(worker, { stsBatch: true });
});

afterAll(async () => {
  if (worker) await closeServices(worker);
  await p?.close();
  await ms?.close();
  await files?.close();
});

async function zipUrl(name: string, entries: Record<string, Buffer>): Promise<string> {
  await writeZip(files.dir, name, entries);
  return viaLocalhost(files.url(name));
}

describe('sts usage in a worker process', () => {
  it('is written to model_usage when the worker closes its services', async () => {
    const owner = await createSignedInUser(p);
    const languages = [{ sourceLanguage: 'hi', targetLanguage: 'ur' }];
    const asrModelId = await insertTestModel(p.ctx, {
      userId: owner.userId,
      task: 'asr',
      name: 'ASR',
      callbackUrl: viaLocalhost(ms.url('say/asr?text=namaste')),
      languages: [{ sourceLanguage: 'hi' }],
    });
    const translationModelId = await insertTestModel(p.ctx, {
      userId: owner.userId,
      task: 'translation',
      name: 'MT',
      callbackUrl: viaLocalhost(ms.url('ok/translation')),
      languages,
    });
    const ttsModelId = await insertTestModel(p.ctx, {
      userId: owner.userId,
      task: 'tts',
      name: 'TTS',
      callbackUrl: viaLocalhost(ms.url('ok/tts')),
      languages: [{ sourceLanguage: 'ur' }],
    });
    const ids = [asrModelId, translationModelId, ttsModelId];

    const url = await zipUrl('two.zip', { 'one.wav': silentWav(0.5), 'two.wav': silentWav(0.6) });
    const body = { url, sourceLanguage: 'hi', targetLanguage: 'ur', asrModelId, translationModelId, ttsModelId, gender: 'female' };
    const submitted = await signedInject(p.app, owner, 'POST', STS_API.batchSubmit, body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const batchId = submitted.json().data.batchId as string;
    let batch: StsBatch | undefined;
    await expect
      .poll(
        async () => {
          batch = (await signedInject(p.app, owner, 'GET', `${STS_API.batchStatus}?batchId=${batchId}`)).json().data as StsBatch;
          return batch.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(/Completed|Failed/);
    expect(batch?.status, JSON.stringify(batch)).toBe('Completed');

    const usage = () =>
      p.ctx.db.db.selectFrom('model_usage').select(['model_id', 'calls', 'failures']).where('model_id', 'in', ids).execute();
    // Counted by the worker's services, not yet written (and not by the API process: it ran nothing).
    expect(await usage()).toEqual([]);
    expect(worker!.services.inference.pending.filter((d) => ids.includes(d.modelId)).map((d) => d.calls)).toEqual([2, 2, 2]);
    expect(p.ctx.services.inference.pending).toEqual([]);

    await closeServices(worker!);
    worker = undefined;
    const rows = await usage();
    expect(rows.map((r) => [r.model_id, Number(r.calls), Number(r.failures)]).sort()).toEqual(ids.map((id) => [id, 2, 0]).sort());
  }, 120_000);
});
