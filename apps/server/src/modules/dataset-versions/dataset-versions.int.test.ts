/**
 * Dataset versions on the real app, pipeline and PostgreSQL (docs/api.md#dataset-versions): a
 * dataset of 10 records, then a second version with 3 removed and 5 added: the versions list shows
 * exactly that, the first version's export keeps its sha-256 byte for byte, records stay stored
 * once; a version of someone else's dataset is refused, and a zip identical to the latest version
 * adds nothing and says so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { FIXTURES_DIR, zipFolder } from '../../test/fixtures.ts';
import { serveTempFolder, type TempFolderServer } from '../../test/fixture-server.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { until } from '../../test/poll.ts';
import { startWorkers } from '../../workers.ts';
import { jsonLines } from '../../test/jsonl.ts';

let p: TestPlatform;
let server: TempFolderServer;
let alice: TestUser;
let bob: TestUser;
const API = '/ulca/apis/v0/dataset';
const PARAMS = fs.readFileSync(path.join(FIXTURES_DIR, 'parallel-valid', 'params.json'), 'utf8');
const pair = (i: number) => ({
  sourceText: `Version test sentence number ${i} is here.`,
  targetText: `संस्करण परीक्षण वाक्य संख्या ${i} यहाँ है।`,
});

async function zipOf(name: string, rows: number[]): Promise<string> {
  const folder = path.join(server.dir, name);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'params.json'), PARAMS);
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(rows.map(pair)));
  await zipFolder(folder, path.join(server.dir, 'zips', `${name}.zip`));
  return server.url(`zips/${name}.zip`);
}

async function waitSubmission(as: TestUser, srn: string): Promise<string> {
  const s = await until(
    async () => (await signedInject(p.app, as, 'GET', `${API}/getByServiceRequestNumber?serviceRequestNumber=${srn}`)).json(),
    (b) => b.status === 'Completed' || b.status === 'Failed',
    90_000,
  );
  return s.status as string;
}

const versions = async (datasetId: string) => {
  const res = await p.app.inject({ method: 'GET', url: `${API}/versions?datasetId=${datasetId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const download = (url: string) => p.app.inject({ method: 'GET', url });
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
  server = await serveTempFolder('ulca-versions-');
  [alice, bob] = await Promise.all([createSignedInUser(p), createSignedInUser(p)]);
}, 60_000);

afterAll(() => closeAll(server, p));

describe('dataset versions', () => {
  let datasetId: string;
  let v1Sha: string;
  let v1Bytes: Buffer;
  const V1 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const V2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

  it('version 1 is the first submission, frozen with its export sha-256', async () => {
    const res = await signedInject(p.app, alice, 'POST', `${API}/corpus/submit`, {
      datasetName: 'Versioned pairs',
      url: await zipOf('v1', V1),
      userId: alice.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    datasetId = res.json().data.datasetId;
    expect(await waitSubmission(alice, res.json().data.serviceRequestNumber)).toBe('Completed');
    const list = await versions(datasetId);
    expect(list).toMatchObject({ datasetId, datasetName: 'Versioned pairs', datasetType: 'parallel-corpus' });
    expect(list.versions).toHaveLength(1);
    expect(list.versions[0]).toMatchObject({ version: 1, status: 'Published', recordCount: 10, added: 10, removed: 0 });
    const file = await download(list.versions[0].downloadUrl);
    expect(file.statusCode).toBe(200);
    v1Bytes = file.rawPayload;
    v1Sha = sha(v1Bytes);
    expect(list.versions[0].exportSha256).toBe(v1Sha);
    expect(list.versions[0].exportBytes).toBe(v1Bytes.length);
    expect(v1Bytes.toString('utf8').trimEnd().split('\n')).toHaveLength(10);
  });

  it("refuses a version of someone else's dataset; nothing changes", async () => {
    const res = await signedInject(p.app, bob, 'POST', `${API}/version/submit`, { datasetId, url: await zipOf('bob', V2) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only submit a new version of your own dataset.');
    expect((await versions(datasetId)).versions).toHaveLength(1);
    expect(
      (await signedInject(p.app, alice, 'POST', `${API}/version/submit`, { datasetId: crypto.randomUUID(), url: await zipOf('none', V2) }))
        .statusCode,
    ).toBe(404);
  });

  it('version 2 with 3 removed and 5 added shows exactly that; version 1 keeps its bytes; records stored once', async () => {
    const res = await signedInject(p.app, alice, 'POST', `${API}/version/submit`, { datasetId, url: await zipOf('v2', V2) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.datasetId).toBe(datasetId);
    expect(await waitSubmission(alice, res.json().data.serviceRequestNumber)).toBe('Completed');
    // Frozen by the submission's own job, before anyone reads the versions.
    const frozen = await until(
      async () =>
        (
          await p.ctx.db.pool.query(`SELECT status FROM dataset_versions WHERE service_request_number = $1`, [
            res.json().data.serviceRequestNumber,
          ])
        ).rows[0]?.status as string,
      (s) => s !== 'Pending',
      30_000,
    );
    expect(frozen).toBe('Published');
    const list = await versions(datasetId);
    expect(
      list.versions.map((v: { version: number; status: string; recordCount: number; added: number; removed: number }) => [
        v.version,
        v.status,
        v.recordCount,
        v.added,
        v.removed,
      ]),
    ).toEqual([
      [1, 'Published', 10, 10, 0],
      [2, 'Published', 12, 5, 3],
    ]);
    expect(list.versions[0].exportSha256).toBe(v1Sha);
    const again = await download(list.versions[0].downloadUrl);
    expect(again.rawPayload.equals(v1Bytes)).toBe(true);
    const v2 = await download(list.versions[1].downloadUrl);
    expect(sha(v2.rawPayload)).toBe(list.versions[1].exportSha256);
    const lines = jsonLines(v2.rawPayload.toString('utf8')).map((r) => r.sourceText);
    expect(lines.sort()).toEqual(V2.map((i) => pair(i).sourceText).sort());
    // Global de-duplication: the 7 records of both versions are stored once, with both submissions.
    const stored = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, max(cardinality(dataset_ids))::int AS most FROM dataset_records WHERE data->>'sourceText' LIKE 'Version test sentence%'`,
    );
    expect(stored.rows[0]).toEqual({ n: 15, most: 2 });
    // The list answers the same through the version submission's own dataset id.
    const sub = await p.ctx.db.pool.query(`SELECT dataset_id::text AS id FROM dataset_submissions WHERE service_request_number = $1`, [
      res.json().data.serviceRequestNumber,
    ]);
    expect((await versions(sub.rows[0].id)).datasetId).toBe(datasetId);
  });

  it('cites and describes a version: BibTeX, CFF, DataCite, Croissant naming every file and field, card', async () => {
    const cite = async (format: string) => {
      const res = await p.app.inject({ method: 'GET', url: `${API}/version/cite/${datasetId}/2?format=${format}` });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const list = await versions(datasetId);
    const bib = (await cite('bibtex')).body;
    expect(bib).toMatch(/^@misc\{ulca_versioned_pairs_v2,/);
    expect(bib).toContain('version = {2}');
    expect(bib).toContain(`/datasets/${datasetId}/versions/2}`);
    const cffText = (await cite('cff')).body;
    expect(cffText).toContain('cff-version: 1.2.0');
    expect(cffText).toContain('type: dataset');
    expect(cffText).toContain('version: "2"');
    const dc = (await cite('datacite')).json();
    expect(dc.data.attributes).toMatchObject({
      types: { resourceTypeGeneral: 'Dataset', resourceType: 'parallel-corpus' },
      version: '2',
      titles: [{ title: 'Versioned pairs' }],
    });
    const cr = JSON.parse((await cite('croissant')).body);
    expect(cr['@type']).toBe('sc:Dataset');
    expect(cr.conformsTo).toBe('http://mlcommons.org/croissant/1.0');
    expect(cr.distribution).toHaveLength(1);
    expect(cr.distribution[0]).toMatchObject({ '@type': 'cr:FileObject', sha256: list.versions[1].exportSha256 });
    expect(new URL(cr.distribution[0].contentUrl).pathname).toBe(list.versions[1].downloadUrl);
    const exported = jsonLines((await download(list.versions[1].downloadUrl)).rawPayload.toString('utf8'));
    const keys = [...new Set(exported.flatMap((r) => Object.keys(r)))].sort();
    expect(cr.recordSet[0].field.map((x: { name: string }) => x.name)).toEqual(keys);
    expect(keys).toEqual(expect.arrayContaining(['sourceText', 'targetText']));
    for (const field of cr.recordSet[0].field) expect(field.source.fileObject['@id']).toBe(cr.distribution[0]['@id']);
    const card = (await cite('card')).body;
    expect(card).toContain('# Versioned pairs — version 2');
    expect(card).toMatch(/\| 1 \| \d{4}-\d\d-\d\d \| 10 \| 10 \| 0 \|/);
    expect(card).toMatch(/\| 2 \| \d{4}-\d\d-\d\d \| 12 \| 5 \| 3 \|/);
    expect((await p.app.inject({ method: 'GET', url: `${API}/version/cite/${datasetId}/9?format=cff` })).statusCode).toBe(404);
  });

  it('lets the owner (not another user) fill in a DOI, shown in the citation', async () => {
    const body = { datasetId, version: 2, doi: '10.5555/ulca.versioned-pairs.v2' };
    expect((await signedInject(p.app, bob, 'POST', `${API}/version/doi`, body)).statusCode).toBe(403);
    expect((await signedInject(p.app, alice, 'POST', `${API}/version/doi`, { ...body, doi: 'not a doi' })).statusCode).toBe(400);
    const ok = await signedInject(p.app, alice, 'POST', `${API}/version/doi`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await versions(datasetId)).versions[1].doi).toBe(body.doi);
    expect((await p.app.inject({ method: 'GET', url: `${API}/version/cite/${datasetId}/2?format=bibtex` })).body).toContain(
      `doi = {${body.doi}}`,
    );
  });

  it('refuses a DOI that would break out of a citation (sent in parallel and replayed); one stored before the rule is never cited', async () => {
    const hostile = [
      '10.1234/a},note={\\input{/etc/passwd}}',
      '10.1234/a}\n@misc{x,',
      '10.1234/<script>alert(1)</script>',
      '10.1234/a" onmouseover="x',
      '10.1234/a\\immediate\\write18{id}',
      '10.1234/a b',
    ];
    const tries = await Promise.all(
      [...hostile, ...hostile].map((doi) => signedInject(p.app, alice, 'POST', `${API}/version/doi`, { datasetId, version: 2, doi })),
    );
    for (const res of tries) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].field).toBe('doi');
      expect(res.json().errors[0].message).toMatch(/^A DOI looks like 10\.1234\/abc-def/);
    }
    expect((await versions(datasetId)).versions[1].doi).toBe('10.5555/ulca.versioned-pairs.v2');
    // A value written before the rule (or by hand) is left out of every format.
    await p.ctx.db.pool.query('UPDATE dataset_versions SET doi = $3 WHERE dataset_id = $1 AND version = $2', [datasetId, 2, hostile[0]]);
    for (const format of ['bibtex', 'cff', 'datacite', 'croissant', 'card']) {
      const res = await p.app.inject({ method: 'GET', url: `${API}/version/cite/${datasetId}/2?format=${format}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('input');
    }
  });

  it('a zip identical to the latest version adds nothing and says so', async () => {
    const res = await signedInject(p.app, alice, 'POST', `${API}/version/submit`, { datasetId, url: await zipOf('v2-again', V2) });
    expect(res.statusCode, res.body).toBe(200);
    await waitSubmission(alice, res.json().data.serviceRequestNumber);
    const list = await versions(datasetId);
    expect(list.versions).toHaveLength(3);
    expect(list.versions[2]).toMatchObject({ version: null, status: 'Identical', recordCount: null, downloadUrl: null });
    expect(list.versions[2].message).toBe('This zip has exactly the records of version 2: nothing was added and no new version was made.');
    expect(list.versions.filter((v: { status: string }) => v.status === 'Published')).toHaveLength(2);
    expect(sha((await download(list.versions[0].downloadUrl)).rawPayload)).toBe(v1Sha);
    expect((await download(`${API}/version/download/${datasetId}/3`)).statusCode).toBe(404);
  });
});
