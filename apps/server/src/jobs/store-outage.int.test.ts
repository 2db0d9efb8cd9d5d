/**
 * An object-store outage under a running ingest (docs/operations.md#database-restarts):
 * the S3 errors are errors of the job, not of the worker process (`main.ts --worker`): it stays
 * alive, the job is retried once the store answers again and ends Completed with exact counts.
 * The store is a real S3-protocol server (s3rver), stopped and started again on the same port and folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser } from '../test/users.ts';
import { makeParallelZip, stageRows } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { workerUnderTest } from '../test/server-process.ts';
import { submissionStatus, submitDataset } from '../test/dataset-submit.ts';

const ROWS = 300;
const BUCKET = 'ulca-outage';

let tmp: string;
let s3: S3rver | undefined;
let s3Port = 0;
let p: TestPlatform;
let files: FixtureServer;
const worker = workerUnderTest();

async function startS3(): Promise<void> {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  s3Port = ((await s3.run()) as unknown as { port: number }).port;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-store-outage-'));
  fs.mkdirSync(path.join(tmp, 's3'));
  await startS3();
  const s3Config = {
    endpoint: `http://127.0.0.1:${s3Port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  // The API side, in this process: it runs no job.
  p = await createTestPlatform({ config: { s3: s3Config } });
  fs.mkdirSync(path.join(tmp, 'files'));
  files = await startFixtureServer(path.join(tmp, 'files'));
}, 120_000);

afterAll(async () => {
  await worker.stop();
  await p?.close();
  await files?.close();
  await s3?.close().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('an object-store outage under a running ingest', () => {
  it('the worker process lives on and the job ends Completed with exact counts', async () => {
    const child = await worker.start({
      DATABASE_URL: p.ctx.config.databaseUrl!,
      ULCA_DATA_DIR: p.dataDir,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const pid = child.pid;

    // A download of about 6 s, streamed into the store as it arrives.
    const user = await createSignedInUser(p);
    const zip = await makeParallelZip({ rows: ROWS, destDir: path.join(tmp, 'files'), seed: 'store-outage' });
    const bytesPerSecond = Math.ceil(fs.statSync(zip).size / 6);
    const srn = await submitDataset(p.app, user, 'outage', files.url(`slow/${path.basename(zip)}?bytesPerSecond=${bytesPerSecond}`));
    const stage = async (name: string) =>
      (await p.ctx.db.pool.query(`SELECT status FROM dataset_stages WHERE service_request_number = $1 AND stage = $2`, [srn, name])).rows[0]
        ?.status as string | undefined;
    await worker.until(
      'the download to start',
      () => stage('download'),
      (s) => s === 'In-Progress',
    );

    // The outage: the store goes away mid-download and stays away until the attempt has failed on it
    // (the archive reaches the store in one part, at the end of the download).
    await s3!.close();
    s3 = undefined;
    await worker.until(
      'an attempt to fail on the store',
      async () => worker.lines.some((l) => l.includes('job attempt failed')),
      (v) => v,
    );
    await startS3();

    const status = async () => submissionStatus(p.ctx.db.pool, srn);
    expect(
      await worker.until('the ingest to end', status, (s) => s === 'Completed' || s === 'Failed', 150_000),
      worker.lines.join('\n'),
    ).toBe('Completed');
    expect(child.exitCode, worker.lines.join('\n')).toBeNull();
    expect(child.pid).toBe(pid);
    expect(await stageRows(p.ctx.db.pool, srn)).toEqual([
      ['download', 'Completed', 1, 0],
      ['ingest', 'Completed', ROWS, 0],
      ['validate', 'Completed', ROWS, 0],
      ['publish', 'Completed', ROWS, 0],
    ]);
  }, 300_000);
});
