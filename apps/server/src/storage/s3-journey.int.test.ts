/**
 * The whole dataset journey on the S3 object store (issue 8 §3, "Must show"): a speech dataset is
 * submitted, downloaded, ingested from the store, validated and published with its audio, its
 * error reports are written and downloaded, a search exports JSON, CSV and a zip with the audio,
 * and every file is downloaded through its link. The store is a real S3-protocol server (s3rver)
 * started here; nothing may be written under the data folder's objects/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { readZip } from '../test/zip.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../test/users.ts';
import { FIXTURES_DIR, zipFixture } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { startWorkers } from '../workers.ts';
import { S3ObjectStore } from './s3-store.ts';
import { submitDataset } from '../test/dataset-submit.ts';

type Obj = Record<string, unknown>;
const BOM = '\uFEFF';

let s3: TestS3Server;
let p: TestPlatform;
let server: FixtureServer;
let zipDir: string;
let contributor: TestUser;
let searcher: TestUser;

beforeAll(async () => {
  s3 = await startTestS3Server('ulca-journey');
  p = await createTestPlatform({
    config: { s3: s3.config },
    startWorkers: async (ctx) => {
      await startWorkers(ctx, { datasetIngest: true, searchExport: true });
    },
  });
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-s3-zips-'));
  await zipFixture('asr-missing-audio', zipDir);
  server = await startFixtureServer(zipDir);
  contributor = await createSignedInUser(p);
  searcher = await createSignedInUser(p, ['READONLY-USER']);
});

afterAll(async () => {
  await server?.close();
  await p?.close();
  await s3?.close();
  fs.rmSync(zipDir, { recursive: true, force: true });
});

async function poll<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 90_000): Promise<T> {
  for (const end = Date.now() + ms; ;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what} not finished: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('dataset journey on an S3 object store', () => {
  it('submit → Completed → error report → search export → download, with every file in the bucket', async () => {
    // Submit and wait for the pipeline.
    const srn = await submitDataset(p.app, contributor, 'speech on s3', server.url('asr-missing-audio.zip'));
    type Status = { status: string; data: { stage: string; details: string }[] };
    const status = await poll<Status>(
      'submission',
      async () =>
        (
          await signedInject(p.app, contributor, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`)
        ).json(),
      (s) => s.status === 'Completed' || s.status === 'Failed',
    );
    expect(status.status).toBe('Completed');
    const publish = status.data.find((d) => d.stage === 'publish')!;
    // `details` is JSON text, as the original ULCA client parses it.
    const stageDetails = JSON.parse(publish.details) as { processedCount: { type: string; count: number }[] };
    expect(stageDetails.processedCount.find((c) => c.type === 'success')!.count).toBe(2);

    // Error reports: written to the bucket, downloaded through their links, BOM first.
    const report = (
      await signedInject(p.app, contributor, 'POST', '/ulca/error-consumer/v0/error/report', { serviceRequestNumber: srn })
    ).json()[0];
    expect(report.errors.map((e: { code: string }) => e.code).sort()).toEqual(['MEDIA_MISSING', 'MEDIA_UNREADABLE']);
    const summary = await p.app.inject({
      method: 'GET',
      url: new URL(report.consolidated_file).pathname + new URL(report.consolidated_file).search,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.rawPayload.subarray(0, 3)).toEqual(Buffer.from(BOM));
    expect(summary.headers['content-length']).toBe(String(summary.rawPayload.length));
    const detail = await p.app.inject({ method: 'GET', url: new URL(report.file).pathname + new URL(report.file).search });
    expect(detail.statusCode).toBe(200);
    const detailRows = parseCsv(detail.body, { bom: true, columns: true }) as Obj[];
    expect(detailRows.map((r) => [r.error, r.record_number])).toEqual([
      ['MEDIA_MISSING', '3'],
      ['MEDIA_UNREADABLE', '4'],
    ]);

    // Search export: the job writes every file to the bucket.
    const search = await signedInject(p.app, searcher, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId: searcher.userId,
      datasetType: 'asr-corpus',
      criteria: { sourceLanguage: null, targetLanguage: ['hi'] },
    });
    expect(search.statusCode, search.body).toBe(200);
    const searchSrn = search.json().data.serviceRequestNumber as string;
    const row = await poll<{ status: { status: string; details: string }[] }>(
      'search',
      async () =>
        (await signedInject(p.app, searcher, 'GET', `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${searchSrn}`)).json()
          .data,
      (r) => r.status[0].status !== 'In-Progress',
    );
    expect(row.status[0].status).toBe('Completed');
    const details = JSON.parse(row.status[0].details) as { count: number; files: Record<string, { sample: string; all: string }> };
    expect(details.count).toBe(2);

    // Downloads: plain requests with the link (a bearer token), streamed from the bucket.
    const json = await p.app.inject({ method: 'GET', url: details.files.json.all });
    expect(json.statusCode).toBe(200);
    const records = JSON.parse(json.body) as Obj[];
    expect(records.map((r) => r.text).sort()).toEqual(['खाना तैयार है', 'पानी ठंडा है'].sort());
    const csv = await p.app.inject({ method: 'GET', url: details.files.csv.all });
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from(BOM));
    expect((parseCsv(csv.body, { bom: true, columns: true }) as Obj[]).map((r) => r.text).sort()).toEqual(
      records.map((r) => r.text).sort(),
    );
    const zip = await p.app.inject({ method: 'GET', url: details.files.zip.all });
    expect(zip.statusCode).toBe(200);
    const files = await readZip(zip.rawPayload);
    const audio = ['food_ready.wav', 'cold_water.wav'].map((f) =>
      sha(fs.readFileSync(path.join(FIXTURES_DIR, 'asr-missing-audio', 'audios', f))),
    );
    const mediaInZip = [...files.entries()].filter(([name]) => name.startsWith('media/'));
    expect(mediaInZip.map(([, b]) => sha(b)).sort()).toEqual(audio.sort());
    expect(JSON.parse(files.get('data.json')!.toString('utf8'))).toEqual(records);

    // HEAD answers the headers of the object (its size from the bucket) without a body.
    const head = await p.app.inject({ method: 'HEAD', url: details.files.zip.all });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(zip.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);

    // A ranged request gets just those bytes of the object (resumable downloads).
    const ranged = await p.app.inject({ method: 'GET', url: details.files.zip.all, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(zip.rawPayload.subarray(0, 10))).toBe(true);
    expect(ranged.headers['content-range']).toBe(`bytes 0-9/${zip.rawPayload.length}`);

    const outside = await p.app.inject({
      method: 'GET',
      url: details.files.zip.all,
      headers: { range: `bytes=${zip.rawPayload.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${zip.rawPayload.length}`);
    expect(outside.json().code).toBe('RANGE_NOT_SATISFIABLE');

    // Every file lives in the bucket; the data folder has no objects/ at all.
    const store = p.ctx.store as S3ObjectStore;
    expect(store).toBeInstanceOf(S3ObjectStore);
    const keys: string[] = [];
    for await (const o of store.list('')) keys.push(o.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `datasets/${srn}/source.zip`,
        `datasets/${srn}/error-summary.csv`,
        `datasets/${srn}/error-detail.csv`,
        `searches/${searchSrn}/all.json`,
        `searches/${searchSrn}/all.csv`,
        `searches/${searchSrn}/all.zip`,
        `searches/${searchSrn}/sample.jsonl`,
      ]),
    );
    expect(keys.filter((k) => k.startsWith('media/'))).toHaveLength(2);
    expect(fs.existsSync(path.join(p.dataDir, 'objects'))).toBe(false);
  });
});
