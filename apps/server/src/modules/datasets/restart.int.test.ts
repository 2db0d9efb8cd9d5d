import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/pool.ts';
import { processAlive } from '../../db/embedded-host.ts';
import { insertActiveUser } from '../../test/users.ts';
import { makeParallelZip } from '../../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import {
  embeddedDatabaseUrl,
  freePort,
  signedFetch,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';

// Issue 9 #4 and #5: kill -9 of the real server mid-publish, then `npm start` again on the same data folder.
const ROWS = 40_000;
const STAGES = ['download', 'ingest', 'validate', 'publish'] as const;

let dataDir: string;
let zipDir: string;
let files: FixtureServer;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-restart-'));
  // The test's own folder: traversable, so the cluster stays inside it (boot.int.test.ts covers private folders).
  fs.chmodSync(dataDir, 0o755);
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-restart-zip-'));
  await makeParallelZip({ rows: ROWS, destDir: zipDir, seed: 'restart-test' });
  files = await startFixtureServer(zipDir);
});

afterAll(async () => {
  for (const s of servers) await stopServerProcess(s).catch(() => undefined);
  await files?.close();
  fs.rmSync(zipDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Counts = Record<(typeof STAGES)[number], { status: string; success: number; failed: number }>;

function countsOf(body: { data?: unknown }): Counts {
  const out = {} as Counts;
  for (const s of body.data as { stage: (typeof STAGES)[number]; status: string; details: string }[]) {
    // `details` is JSON text, as the original ULCA client parses it.
    const details = JSON.parse(s.details) as { processedCount: { type: string; count: number }[] };
    const pick = (t: string) => details.processedCount.find((c) => c.type === t)!.count;
    out[s.stage] = { status: s.status, success: pick('success'), failed: pick('failed') };
  }
  return out;
}

describe('kill -9 of the server mid-publish, then npm start again on the same data folder', () => {
  it('adopts the orphan database, resumes the job within two minutes, exact counts that never decrease', async () => {
    const env = {
      ULCA_DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      ALLOWED_FETCH_HOSTS: '127.0.0.1',
      INGEST_CONCURRENCY: '1',
      // Small publish transactions: the kill lands mid-publish, and progress is visible.
      PUBLISH_CHUNK_ROWS: '500',
      JOB_RECOVERY_SECONDS: '5',
    };
    const first = await startServerProcess({ env, port: await freePort() });
    servers.push(first);

    // A contributor, written straight into the server's own embedded database.
    const password = 'Str0ng!pass';
    const email = `restart${Date.now()}@example.org`;
    const userId = crypto.randomBytes(16).toString('hex');
    const db = createDb(embeddedDatabaseUrl(dataDir), 2);
    await insertActiveUser(db, { userId, email, password, firstName: 'Restart Test', roles: ['CONTRIBUTOR-USER'] });
    await db.close();
    const login = await fetch(`${first.baseUrl}/ulca/user-mgmt/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email, password } }),
    });
    expect(login.status).toBe(200);
    const keys = ((await login.json()) as { data: { userKeys: { publicKey: string; privateKey: string } } }).data.userKeys;

    const zipName = fs.readdirSync(zipDir).find((f) => f.endsWith('.zip'))!;
    const submit = await signedFetch(first.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: 'restart',
      url: files.url(zipName),
      userId,
    });
    expect(submit.status, JSON.stringify(submit.json)).toBe(200);
    const srn = (submit.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
    const statusUrl = `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`;

    const seen: Counts[] = [];
    const poll = async (s: ServerProcess): Promise<{ status: string; counts: Counts } | null> => {
      const r = await signedFetch(s.baseUrl, keys, 'GET', statusUrl).catch(() => null);
      if (!r || r.status !== 200) return null;
      const counts = countsOf(r.json);
      const prev = seen.at(-1);
      if (prev)
        for (const st of STAGES) {
          expect(counts[st].success, `${st} success fell: ${JSON.stringify(prev)} -> ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(
            prev[st].success,
          );
          expect(counts[st].failed, `${st} failed fell`).toBeGreaterThanOrEqual(prev[st].failed);
        }
      seen.push(counts);
      return { status: r.json.status as string, counts };
    };

    // Poll until some chunks are published, then kill the server (not PostgreSQL).
    const killBy = Date.now() + 120_000;
    for (;;) {
      const p = await poll(first);
      if (p && p.counts.publish.success > 0) {
        expect(p.status).toBe('In-Progress');
        break;
      }
      if (Date.now() > killBy) throw new Error(`publishing never started:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    const mid = seen.at(-1)!;
    expect(mid.publish.success).toBeLessThan(ROWS);

    // The embedded PostgreSQL outlived its server: an orphan the next start must deal with.
    const orphanPid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(processAlive(orphanPid)).toBe(true);

    const second = await startServerProcess({ env, port: await freePort() });
    servers.push(second);
    expect(second.output()).not.toContain('undefined');
    expect(processAlive(orphanPid)).toBe(false);

    let last: { status: string; counts: Counts } | null = null;
    while (Date.now() - killedAt < 120_000) {
      last = (await poll(second)) ?? last;
      if (last?.status === 'Completed' || last?.status === 'Failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(last?.status, second.output()).toBe('Completed');
    expect(STAGES.map((s) => [s, last!.counts[s].status, last!.counts[s].success, last!.counts[s].failed])).toEqual([
      ['download', 'Completed', 1, 0],
      ['ingest', 'Completed', ROWS, 0],
      ['validate', 'Completed', ROWS, 0],
      ['publish', 'Completed', ROWS, 0],
    ]);

    const check = createDb(embeddedDatabaseUrl(dataDir), 2);
    try {
      const records = await check.pool.query(
        `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM dataset_records r
           JOIN dataset_submissions s ON s.dataset_id = ANY (r.dataset_ids) WHERE s.service_request_number = $1`,
        [srn],
      );
      expect(records.rows[0]).toEqual({ n: ROWS, distinct_hashes: ROWS });
      const rollup = await check.pool.query(`SELECT sum(record_count)::int AS n FROM record_rollup WHERE dataset_type = 'parallel-corpus'`);
      expect(rollup.rows[0].n).toBe(ROWS);
      const errors = await check.pool.query(`SELECT count(*)::int AS n FROM dataset_errors WHERE service_request_number = $1`, [srn]);
      expect(errors.rows[0].n).toBe(0);
    } finally {
      await check.close();
    }

    // A clean stop takes the database down with it.
    await stopServerProcess(second);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 300_000);
});
