/**
 * Contract tests for the original ULCA web client (README "Using the original ULCA web
 * client"). Each call is sent as that client sends it (its full URLs, query strings, bodies and
 * headers, read from ULCA-IN/ulca `frontend/main/webapp`), signed as it signs (item 1: MD5 over the
 * full URL for its GETs and most POSTs, over the body for corpus/submit and corpus/search), against
 * the real app on a real PostgreSQL with LEGACY_MD5_SIGNATURES=true, and each answer is checked for
 * the fields that client's reducers read, the way they read them (e.g. `JSON.parse(details)`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_TYPES } from '@ulca/contracts';
import { buildApp } from '../app.ts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import type { FastifyInstance } from 'fastify';
import { createSignedInUser, signedInject, type TestUser } from '../test/users.ts';
import { zipFixture } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startWorkers } from '../workers.ts';
import { originalClient } from '../test/original-client.ts';
import { closeAll } from '../test/platform-hook.ts';

/** Where the original client is served from (CORS_ORIGINS) and where the API is reached (PUBLIC_URL). */
const CLIENT_ORIGIN = 'http://ulca-client.example.org:3000';
const PUBLIC_URL = 'http://api.example.org:8080';
const JSON_HEADERS = { 'content-type': 'application/json' };

type Obj = Record<string, unknown>;

let p: TestPlatform;
let server: FixtureServer;
let contributor: TestUser;
let admin: TestUser;
let parallel: { srn: string; datasetId: string };
let asr: { srn: string; datasetId: string };

/** Submits a fixture zip as the contributor and waits until it is Completed. */
async function publish(fixture: string, datasetName: string): Promise<{ srn: string; datasetId: string }> {
  const res = await clientPost(contributor, '/ulca/apis/v0/dataset/corpus/submit', 'body', {
    datasetName,
    url: server.url(`${fixture}.zip`),
    userId: contributor.userId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { serviceRequestNumber: srn, datasetId } = res.json().data as { serviceRequestNumber: string; datasetId: string };
  for (const end = Date.now() + 90_000; ;) {
    const r = await p.ctx.db.pool.query(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
    if (r.rows[0].status === 'Completed') return { srn, datasetId };
    if (r.rows[0].status === 'Failed' || Date.now() > end) throw new Error(`${fixture} ended ${r.rows[0].status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const client = originalClient(() => p.app, PUBLIC_URL);
const { get: clientGet, post: clientPost, publicPost } = client;

beforeAll(async () => {
  p = await createTestPlatform({
    config: { corsOrigins: [CLIENT_ORIGIN], publicUrl: PUBLIC_URL, legacyMd5Signatures: true, trustProxy: false },
    startWorkers: async (ctx) => {
      await startWorkers(ctx, { datasetIngest: true, searchExport: true });
    },
  });
  const zips = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-compat-'));
  await zipFixture('parallel-valid', zips);
  await zipFixture('asr-valid', zips);
  server = await startFixtureServer(zips);
  contributor = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  admin = await createSignedInUser(p, ['ADMIN']);
  parallel = await publish('parallel-valid', 'Original client parallel');
  asr = await publish('asr-valid', 'Original client speech');
});

afterAll(() => closeAll(server, p));

describe('CORS (item 2)', () => {
  const preflight = (app: TestPlatform['app'], origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/ulca/apis/v0/dataset/listByUserId?userId=x&startPage=1&endPage=1',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'key,sig,payload,content-type,x-ulca-timestamp,x-ulca-nonce',
      },
    });

  it('answers the preflight of a listed origin with the headers the client signs with', async () => {
    const res = await preflight(p.app, CLIENT_ORIGIN);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    const allowed = String(res.headers['access-control-allow-headers'])
      .split(',')
      .map((h) => h.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(['key', 'sig', 'payload', 'content-type', 'x-ulca-timestamp', 'x-ulca-nonce']));
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
    // A call without Origin (same origin, or not a browser) gets no CORS header; a call from the
    // listed origin names it, so the browser lets the client read the answer.
    const list = await clientGet(contributor, `/ulca/apis/v0/dataset/listByUserId?userId=${contributor.userId}&startPage=1&endPage=1`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
    const withOrigin = await p.app.inject({
      method: 'POST',
      url: '/ulca/data-metric/v0/store/reportdata',
      headers: { ...JSON_HEADERS, origin: CLIENT_ORIGIN },
      payload: '{}',
    });
    expect(withOrigin.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
  });

  it('gives another origin nothing, and no origin at all without CORS_ORIGINS', async () => {
    const other = await preflight(p.app, 'http://evil.example.org');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await buildApp({ ...p.ctx, config: { ...p.ctx.config, corsOrigins: [] } }, { logger: false });
    try {
      const res = await preflight(plain, CLIENT_ORIGIN);
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('Signatures (item 1)', () => {
  const LIST = () => `/ulca/apis/v0/dataset/listByUserId?userId=${contributor.userId}&startPage=1&endPage=1`;
  const KEYS = '/ulca/user-mgmt/v1/users/getApiKeysForProfile';
  const SUBMIT = '/ulca/apis/v0/dataset/corpus/submit';
  const keysBody = () => ({ userID: contributor.userId });
  const submitBody = () => ({ datasetName: 'Refused submission', url: server.url('parallel-valid.zip'), userId: contributor.userId });
  const expectRefused = (res: { statusCode: number; body: string; json(): { code: string } }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
    expect(res.json().code, what).toBe('SIGNATURE_INVALID');
  };

  it('refuses a payload that is the hash of neither the full URL received nor the body', async () => {
    const cases: [string, ReturnType<typeof client.call>][] = [
      ['URL of another host', clientGet(contributor, LIST(), { hashed: `http://other.example.org:8080${LIST()}` })],
      ['URL with another scheme', clientGet(contributor, LIST(), { hashed: `https://api.example.org:8080${LIST()}` })],
      [
        'URL with another query',
        clientGet(contributor, LIST(), {
          hashed: `${PUBLIC_URL}/ulca/apis/v0/dataset/listByUserId?userId=${admin.userId}&startPage=1&endPage=1`,
        }),
      ],
      [
        'URL of another route',
        clientPost(contributor, KEYS, 'url', keysBody(), { hashed: `${PUBLIC_URL}/ulca/user-mgmt/v1/users/generateApiKey` }),
      ],
      ['call signed for one host, sent to another', clientGet(contributor, LIST(), { arrivesAt: 'http://other.example.org:8080' })],
      [
        'another body',
        clientPost(contributor, SUBMIT, 'body', submitBody(), { hashed: JSON.stringify({ ...submitBody(), datasetName: 'Other' }) }),
      ],
    ];
    for (const [what, res] of cases) expectRefused(await res, what);
    const submitted = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM dataset_submissions WHERE dataset_name = 'Refused submission'`,
    );
    expect(submitted.rows[0].n).toBe(0);
  });

  it('refuses the same calls, signed as the client signs them, when LEGACY_MD5_SIGNATURES is off', async () => {
    const strict = await buildApp({ ...p.ctx, config: { ...p.ctx.config, legacyMd5Signatures: false } }, { logger: false });
    try {
      const calls: [string, (app: FastifyInstance) => ReturnType<typeof client.call>][] = [
        ['GET signed over the URL', (app) => clientGet(contributor, LIST(), { app })],
        ['POST signed over the URL', (app) => clientPost(contributor, KEYS, 'url', keysBody(), { app })],
        ['corpus/submit signed over the body', (app) => clientPost(contributor, SUBMIT, 'body', submitBody(), { app })],
      ];
      for (const [what, call] of calls) {
        const res = await call(strict);
        expectRefused(res, what);
        expect(res.json().message, what).toContain('x-ulca-timestamp');
      }
      // The same GET and URL-signed POST pass with legacy signatures on (corpus/submit: see publish()).
      for (const [what, call] of calls.slice(0, 2)) expect((await call(p.app)).statusCode, what).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('takes the scheme and host from X-Forwarded-Proto/-Host only from a trusted proxy', async () => {
    // The client is built for https://ulca.example.org; a TLS proxy there forwards to http://127.0.0.1:8080
    // (light-my-request's peer is 127.0.0.1).
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ulca.example.org', 'x-forwarded-for': '203.0.113.7' };
    const behindProxy = { base: 'https://ulca.example.org', arrivesAt: 'http://127.0.0.1:8080', headers: forwarded };
    const proxied = await buildApp({ ...p.ctx, config: { ...p.ctx.config, trustProxy: ['127.0.0.1'] } }, { logger: false });
    try {
      const list = await clientGet(contributor, LIST(), { ...behindProxy, app: proxied });
      expect(list.statusCode, list.body).toBe(200);
      const keys = await clientPost(contributor, KEYS, 'url', keysBody(), { ...behindProxy, app: proxied });
      expect(keys.statusCode, keys.body).toBe(200);
      // Behind the trusted proxy the URL is the forwarded one, not the one the proxy called.
      expectRefused(
        await clientGet(contributor, LIST(), { base: 'http://127.0.0.1:8080', headers: forwarded, app: proxied }),
        'URL the proxy called',
      );
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the forwarded headers are anyone's words: the URL is the one the request arrived at.
    expectRefused(await clientGet(contributor, LIST(), behindProxy), 'forwarded headers from an untrusted peer');
    expect((await clientGet(contributor, LIST(), { base: 'http://127.0.0.1:8080', headers: forwarded })).statusCode).toBe(200);
  });
});

describe('My Contribution and submission status (items 3, 4)', () => {
  it('lists contributions with serviceRequestNumber and totalCount', async () => {
    const res = await clientGet(contributor, `/ulca/apis/v0/dataset/listByUserId?userId=${contributor.userId}&startPage=1&endPage=1`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { totalCount: number; data: Obj[] };
    expect(body.totalCount).toBe(2);
    const row = body.data.find((d) => d.serviceRequestNumber === parallel.srn)!;
    expect(row).toMatchObject({
      datasetId: parallel.datasetId,
      datasetName: 'Original client parallel',
      datasetType: 'parallel-corpus',
      status: 'Completed',
    });
    expect(Number.isNaN(new Date(String(row.submittedOn)).getTime())).toBe(false);
  });

  it('gives each stage as tool with details as JSON text of processedCount', async () => {
    const res = await clientGet(contributor, `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${parallel.srn}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      datasetName: string;
      data: { serviceRequestNumber: string; tool: string; status: string; details: string }[];
    };
    expect(body.datasetName).toBe('Original client parallel');
    expect(body.data.map((d) => d.tool)).toEqual(['download', 'ingest', 'validate', 'publish']);
    // As the client's reducer: JSON.parse(details).processedCount → success / failed counts.
    const counts = (tool: string) => {
      const pc = (JSON.parse(body.data.find((d) => d.tool === tool)!.details) as { processedCount: { type: string; count: number }[] })
        .processedCount;
      return [pc.find((c) => c.type === 'success')!.count, pc.find((c) => c.type === 'failed')!.count];
    };
    expect(counts('ingest')).toEqual([6, 0]);
    expect(counts('publish')).toEqual([5, 1]);
  });

  it('answers the error report as the bare list its reducer takes the first entry of, with absolute links', async () => {
    // The client's ErrorDownload call: body {serviceRequestNumber}, signed over the body; the reducer keeps payload[0].
    const res = await clientPost(contributor, '/ulca/error-consumer/v0/error/report', 'body', { serviceRequestNumber: parallel.srn });
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json() as { file: string | null; consolidated_file: string | null }[];
    expect(Array.isArray(payload)).toBe(true);
    const report = payload[0];
    // The buttons are href links opened from the client's own origin: they must name this server.
    expect(report.consolidated_file).toMatch(new RegExp(`^${PUBLIC_URL}/ulca/apis/v0/dataset/error-report/`));
    expect(report.file).toMatch(new RegExp(`^${PUBLIC_URL}/ulca/apis/v0/dataset/error-report/`));
    const url = new URL(report.file!);
    const csv = await p.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(csv.statusCode).toBe(200);
  });

  it('gives speech stages the seconds the client shows as hours', async () => {
    const res = await clientGet(contributor, `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${asr.srn}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { tool: string; details: string }[];
    const entry = (tool: string, type: string) =>
      (JSON.parse(rows.find((r) => r.tool === tool)!.details).processedCount as Obj[]).find((c) => c.type === type)!;
    expect(entry('publish', 'success').publishSuccessSeconds).toBeCloseTo(5.3, 2);
    expect(entry('publish', 'failed').publishErrorSeconds).toBe(0);
    expect(entry('validate', 'success').validateSuccessSeconds).toBeCloseTo(5.3, 2);
    expect(entry('ingest', 'success')).not.toHaveProperty('validateSuccessSeconds');
  });
});

describe('Search and download (items 5, 6)', () => {
  it('serves the search options in the original master-data shape its reducer reads', async () => {
    // The client's SearchAndDownload call: masterNames ['datasetFilterParams'], signed over the URL; it reads res.data.datasetFilterParams.
    const res = await clientPost(contributor, '/ulca/mdms/v0/fetch-master/bulk', 'url', { masterNames: ['datasetFilterParams'] });
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().data.datasetFilterParams as {
      datasetType: string;
      values: { code: string; values: { code: unknown; label: string }[] }[];
    }[];
    // Its reducer: payload.filter(e => e.datasetType === type)[0].values.filter(v => v.code === filter.value)[0].values
    const valuesOf = (type: string, filter: string) =>
      payload.filter((e) => e.datasetType === type)[0].values.filter((v) => v.code === filter)[0]?.values;
    // The filters the client's own configs/filters.json lists for parallel-corpus and asr-corpus.
    const PARALLEL = [
      'sourceLanguage',
      'targetLanguage',
      'domain',
      'collectionSource',
      'license',
      'submitterName',
      'collectionMethod',
      'alignmentTool',
      'minScore',
      'maxScore',
      'editingTool',
      'translationModel',
      'evaluationMethod',
    ];
    const ASR = [
      'sourceLanguage',
      'domain',
      'collectionSource',
      'license',
      'submitterName',
      'collectionMethod',
      'format',
      'channel',
      'samplingRate',
      'bitsPerSample',
      'gender',
      'dialect',
      'snrTool',
      'minSnr',
      'maxSnr',
      'asrModel',
      'minNoOfSpeakers',
      'maxNoOfSpeakers',
      'minAge',
      'maxAge',
    ];
    for (const f of PARALLEL) expect(Array.isArray(valuesOf('parallel-corpus', f)), f).toBe(true);
    for (const f of ASR) expect(Array.isArray(valuesOf('asr-corpus', f)), f).toBe(true);
    expect(valuesOf('parallel-corpus', 'sourceLanguage')).toContainEqual({ code: 'hi', label: 'Hindi', active: true });
    // The ASR form renders filters[0].values.filter(e => e.code === 'mixed')[0].values (data sources, each with languages).
    for (const type of ['asr-corpus', 'asr-unlabeled-corpus']) {
      const mixed = (
        valuesOf(type, 'sourceLanguage') as { code: unknown; values?: { code: unknown; values?: { code: unknown }[] }[] }[]
      ).filter((e) => e.code === 'mixed');
      expect(mixed[0].values?.[0].code, type).toBe('vaani');
      expect(
        mixed[0].values?.[0].values?.map((l) => l.code),
        type,
      ).toContain('hi');
    }
    expect(valuesOf('parallel-corpus', 'collectionMethod').map((v) => v.code)).toContain('auto-aligned');
    expect(valuesOf('monolingual-corpus', 'collectionMethod').map((v) => v.code)).not.toContain('auto-aligned');
    // Our web app's shape is in the same answer.
    expect(res.json().data.datasetFilterParams[0].filters[0]).toMatchObject({ value: 'sourceLanguage', filterType: 'language' });
  });

  it('lists a single-language search without the null criteria the client sends for it', async () => {
    const submit = await clientPost(contributor, '/ulca/apis/v0/dataset/corpus/search', 'body', {
      userId: contributor.userId,
      datasetType: 'asr-corpus',
      criteria: {
        sourceLanguage: ['hi'],
        targetLanguage: null,
        domain: ['general'],
        multipleContributors: false,
        originalSourceSentence: false,
      },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const srn = submit.json().data.serviceRequestNumber as string;
    const res = await clientGet(
      contributor,
      `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${contributor.userId}&startPage=1&endPage=1`,
    );
    const row = (res.json().data as { serviceRequestNumber: string; searchCriteria: Obj }[]).find((r) => r.serviceRequestNumber === srn)!;
    // Its reducer maps every language criterion present (null.map would break the page) and reads the type first.
    expect(row.searchCriteria).not.toHaveProperty('targetLanguage');
    expect(Object.keys(row.searchCriteria)[0]).toBe('datasetType');
    expect(row.searchCriteria).toMatchObject({ datasetType: 'asr-corpus', sourceLanguage: ['hi'], domain: ['general'] });
  });

  it('submits a search as the client does and lists it with absolute download links', async () => {
    const submit = await clientPost(contributor, '/ulca/apis/v0/dataset/corpus/search', 'body', {
      userId: contributor.userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'], multipleContributors: false, originalSourceSentence: false },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const srn = submit.json().data.serviceRequestNumber as string;
    let row:
      { serviceRequestNumber: string; timestamp: string; searchCriteria: Obj; status: { status: string; details: string }[] } | undefined;
    let page: { startPage: number; totalCount: number } | undefined;
    for (const end = Date.now() + 60_000; ;) {
      const res = await clientGet(
        contributor,
        `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${contributor.userId}&startPage=1&endPage=1`,
      );
      expect(res.statusCode, res.body).toBe(200);
      page = res.json();
      row = (res.json().data as NonNullable<typeof row>[]).find((r) => r.serviceRequestNumber === srn);
      if (row?.status[0].status === 'Completed') break;
      if (Date.now() > end) throw new Error(`search still ${row?.status[0].status}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(page).toMatchObject({ startPage: 1, totalCount: 2 });
    // Its reducer takes the dataset type from the first criterion it lists (it skips groupBy,
    // multipleContributors, originalSourceSentence, serviceRequestNumber and userId).
    const IGNORED = ['groupBy', 'multipleContributors', 'originalSourceSentence', 'serviceRequestNumber', 'userId'];
    expect(Object.keys(row!.searchCriteria).filter((k) => !IGNORED.includes(k))[0]).toBe('datasetType');
    expect(row!.searchCriteria.datasetType).toBe('parallel-corpus');
    // As its reducer: JSON.parse(status[0].details) → count, datasetSample, dataset.
    const details = JSON.parse(row!.status[0].details) as { count: number; datasetSample: string; dataset: string };
    expect(details.count).toBe(5);
    for (const link of [details.datasetSample, details.dataset]) {
      expect(link.startsWith(`${PUBLIC_URL}/ulca/`)).toBe(true);
      // The browser follows the link unsigned (a plain <a href>).
      const file = await p.app.inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
      expect(file.statusCode).toBe(200);
    }
    const all = await p.app.inject({ method: 'GET', url: details.dataset.slice(PUBLIC_URL.length) });
    expect(JSON.parse(all.body)).toHaveLength(5);
  });
});

describe('Dataset Metrics and the dashboard (items 7, 8)', () => {
  it('answers store/reportdata like store/reports, with the fields its table reads', async () => {
    const res = await publicPost('/ulca/data-metric/v0/store/reportdata', {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Obj[];
    expect(rows).toEqual((await publicPost('/ulca/data-metric/v0/store/reports', {})).json().data);
    expect(rows.find((r) => r.datasetType === 'parallel-corpus')).toMatchObject({
      sourceLanguage: 'en',
      targetLanguage: 'hi',
      total: 5,
      collectionMethod_collectionDescriptions: 'manual-translated',
      domains: 'general',
      primarySubmitterName: 'ULCA Test Fixtures',
    });
  });

  it('takes a null value at level 0 and an empty targetLanguage when drilling down, for every type', async () => {
    const SEARCH = '/ulca/data-metric/v0/store/search';
    for (const type of DATASET_TYPES) {
      const level0 = await publicPost(SEARCH, { type, criterions: [{ field: 'sourceLanguage', value: null }], groupby: null });
      expect(level0.statusCode, `${type}: ${level0.body}`).toBe(200);
      expect(level0.json()).toEqual((await publicPost(SEARCH, { type, criterions: null, groupby: null })).json());
      const language = type === 'asr-corpus' ? 'hi' : 'en';
      const drill = await publicPost(SEARCH, {
        type,
        criterions: [
          { field: 'sourceLanguage', value: language },
          { field: 'targetLanguage', value: '' },
        ],
        groupby: [{ field: 'domains', value: null }],
      });
      expect(drill.statusCode, `${type}: ${drill.body}`).toBe(200);
      expect(drill.json()).toEqual(
        (
          await publicPost(SEARCH, {
            type,
            criterions: [{ field: 'sourceLanguage', value: language }],
            groupby: [{ field: 'domains', value: null }],
          })
        ).json(),
      );
      const level2 = await publicPost(SEARCH, {
        type,
        criterions: [
          { field: 'sourceLanguage', value: language },
          { field: 'targetLanguage', value: '' },
          { field: 'domains', value: 'general' },
        ],
        groupby: [{ field: 'collectionMethod_collectionDescriptions', value: null }],
      });
      expect(level2.statusCode, `${type}: ${level2.body}`).toBe(200);
    }
    const asrDrill = await publicPost(SEARCH, {
      type: 'asr-corpus',
      criterions: [
        { field: 'sourceLanguage', value: 'hi' },
        { field: 'targetLanguage', value: '' },
      ],
      groupby: [{ field: 'domains', value: null }],
    });
    // Hours with 3 decimals: 5.3 s of audio.
    expect(asrDrill.json().data).toEqual([expect.objectContaining({ _id: 'general', value: 0.001 })]);
  });
});

describe('Admin users and API keys (items 9, 10)', () => {
  it('searches users with offset and limit given as empty strings', async () => {
    const res = await clientPost(admin, '/ulca/user-mgmt/v1/users/search', 'url', {
      userIDs: [],
      emails: [],
      roleCodes: [],
      orgCodes: [],
      offset: '',
      limit: '',
      skip_pagination: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const users = res.json().data as Obj[];
    expect(users.length).toBeGreaterThanOrEqual(2);
    // The fields its reducer maps: userID, email, firstName, roles.join, orgID, activatedTime, isActive.
    const row = users.find((u) => u.userID === contributor.userId)!;
    expect(row).toMatchObject({ email: contributor.email, firstName: 'Test User', roles: ['CONTRIBUTOR-USER'], isActive: true });
    // orgID is read as-is (`org: item.orgID`): null for a user who never set one, as our admin list shows it.
    expect(row).toHaveProperty('orgID', null);
    expect(row).toHaveProperty('activatedTime');
  });

  it('lets the profile page manage a key by the identifier it lists', async () => {
    const gen = await clientPost(contributor, '/ulca/user-mgmt/v1/users/generateApiKey', 'url', {
      userID: contributor.userId,
      appName: 'Original client app',
    });
    expect(gen.statusCode, gen.body).toBe(200);
    // The client only logs this answer; it is where a user of that client finds the full key (README).
    const fullKey = gen.json().data.ulcaApiKey as string;
    const listed = await clientPost(contributor, '/ulca/user-mgmt/v1/users/getApiKeysForProfile', 'url', { userID: contributor.userId });
    expect(listed.statusCode, listed.body).toBe(200);
    const key = (listed.json().data as { appName: string; ulcaApiKey: string; serviceProviderKeys: Obj[] }[]).find(
      (k) => k.appName === 'Original client app',
    )!;
    expect(fullKey.startsWith(`${key.ulcaApiKey}.`)).toBe(true);
    expect(key.serviceProviderKeys.length).toBeGreaterThan(0);
    const provider = key.serviceProviderKeys[0].serviceProviderName as string;
    const spk = await clientPost(contributor, '/ulca/user-mgmt/v1/users/generateServiceProviderKey', 'url', {
      userID: contributor.userId,
      ulcaApiKey: key.ulcaApiKey,
      serviceProviderName: provider,
    });
    expect(spk.statusCode, spk.body).toBe(200);
    const tracking = await clientPost(contributor, '/ulca/user-mgmt/v1/users/dataTrackingToggle', 'url', {
      userID: contributor.userId,
      ulcaApiKey: key.ulcaApiKey,
      serviceProviderName: provider,
      dataTracking: true,
    });
    expect(tracking.statusCode, tracking.body).toBe(200);
    // The full key works as an application key until the listed identifier revokes it.
    const whoami = () => p.app.inject({ method: 'GET', url: '/ulca/apis/v0/api-key/whoami', headers: { ulcaApiKey: fullKey } });
    expect((await whoami()).statusCode).toBe(200);
    const revoke = await clientPost(contributor, '/ulca/user-mgmt/v1/users/revokeApiKey', 'url', {
      userID: contributor.userId,
      ulcaApiKey: key.ulcaApiKey,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await whoami()).statusCode).toBe(401);
  });
});

describe('Ready-made datasets (item 11)', () => {
  it('answers model/search with a dataset type from the ready-made list, as model cards', async () => {
    // Marking is this platform's own admin call (the original client has none): signed v2.
    expect(
      (
        await signedInject(p.app, admin, 'POST', '/ulca/apis/v0/dataset/readymade/mark', {
          serviceRequestNumber: parallel.srn,
          readyMade: true,
        })
      ).statusCode,
    ).toBe(200);
    // The page's call: SearchReadymade(type, "", ""), unsigned.
    const body = (task: string) => ({
      task,
      sourceLanguage: '',
      targetLanguage: '',
      domain: 'All',
      submitter: 'All',
      userId: contributor.userId,
    });
    const res = await publicPost('/ulca/apis/v0/model/search', body('parallel-corpus'));
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().data as Obj[];
    expect(cards).toHaveLength(1);
    // What its reducer reads: languages[0].sourceLanguage/targetLanguage, domain (a list), task.type,
    // submitter.name, modelId, name, description, publishedOn, license, refUrl.
    const card = cards[0] as { languages: Obj[]; domain: string[]; task: Obj; submitter: Obj; refUrl: string } & Obj;
    expect(card).toMatchObject({
      modelId: parallel.datasetId,
      name: 'Original client parallel',
      description: '5 records',
      task: { type: 'parallel-corpus' },
      license: 'cc-by-4.0',
      submitter: { name: 'ULCA Test Fixtures' },
    });
    expect(card.languages[0]).toEqual({ sourceLanguage: 'en', targetLanguage: 'hi' });
    expect(card.domain).toEqual(['general']);
    expect(Number.isNaN(new Date(String(card.publishedOn)).getTime())).toBe(false);
    expect(card.refUrl.startsWith(`${PUBLIC_URL}/ulca/apis/v0/dataset/readymade/`)).toBe(true);
    expect((await p.app.inject({ method: 'GET', url: card.refUrl.slice(PUBLIC_URL.length) })).statusCode).toBe(200);

    // Filters narrow the list; other dataset types have none marked.
    expect((await publicPost('/ulca/apis/v0/model/search', { ...body('parallel-corpus'), sourceLanguage: 'ta' })).json().data).toEqual([]);
    expect(
      (await publicPost('/ulca/apis/v0/model/search', { ...body('parallel-corpus'), targetLanguage: ['hi'], domain: ['general'] })).json()
        .data,
    ).toHaveLength(1);
    expect((await publicPost('/ulca/apis/v0/model/search', body('asr-corpus'))).json()).toMatchObject({ data: [], count: 0 });
    // A model task (the page's "transliteration" tab too) has no models yet; an unknown task is a 400.
    expect((await publicPost('/ulca/apis/v0/model/search', body('transliteration'))).json()).toMatchObject({ data: [], count: 0 });
    const bad = await publicPost('/ulca/apis/v0/model/search', body('video-corpus'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('task');
  });
});
