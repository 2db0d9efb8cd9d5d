import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MODEL_API } from '@ulca/contracts';
import { createTestDatabase } from '../../test/harness.ts';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../../test/server-process.ts';

// Two API processes on one database, one with REFERENCE_MODELS=false (docs/operations.md#running-it-in-production).
const started: ServerProcess[] = [];
const dirs: string[] = [];
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

afterAll(async () => {
  for (const s of started) await stopServerProcess(s).catch(() => undefined);
  await database?.drop();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

async function startApi(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-fleet-'));
  dirs.push(dataDir);
  const s = await startServerProcess({
    port: await freePort(),
    env: {
      ULCA_DATA_DIR: dataDir,
      DATABASE_URL: database!.url,
      WORKERS: 'false',
      DEMO_DATA: 'false',
      ULCA_SECRET: 'a-shared-fleet-secret-of-length',
      ...env,
    },
    waitPath: '/ulca/health',
  });
  started.push(s);
  return s;
}

describe('REFERENCE_MODELS per process', () => {
  it("a process without engines keeps the fleet's reference models published, answers 503 for them itself; they are withdrawn when the last serving process stops", async () => {
    database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const published = async () =>
      (await client.query(`SELECT model_id FROM models WHERE is_reference AND status = 'published' ORDER BY model_id`)).rows.map(
        (r) => r.model_id as string,
      );
    try {
      const withEngines = await startApi({});
      const ids = await published();
      expect(ids.length).toBeGreaterThan(5);
      const ner = (await client.query(`SELECT model_id FROM models WHERE is_reference AND task = 'ner' LIMIT 1`)).rows[0]
        .model_id as string;

      const without = await startApi({ REFERENCE_MODELS: 'false' });
      expect(await published()).toEqual(ids);
      const body = JSON.stringify({ modelId: ner, task: 'ner', input: [{ source: 'Write to ram@example.com' }], sourceLanguage: 'en' });
      const call = (s: ServerProcess) =>
        fetch(`${s.baseUrl}${MODEL_API.compute}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const refused = await call(without);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe('REFERENCE_MODEL_NOT_SERVED_HERE');
      // The serving process answers (its engine may still be warming: a few tries).
      let status = 0;
      for (let i = 0; i < 60 && status !== 200; i++) {
        status = (await call(withEngines)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 1000));
      }
      expect(status, withEngines.output()).toBe(200);

      // The last serving process stops: nobody serves them any more, so they are withdrawn.
      await stopServerProcess(withEngines);
      expect(await published()).toEqual([]);
      // The other process drops its cached endpoint within a second (models/service.ts): then no such model.
      let after = 0;
      for (let i = 0; i < 20 && after !== 404; i++) {
        after = (await call(without)).status;
        if (after !== 404) await new Promise((r) => setTimeout(r, 250));
      }
      expect(after).toBe(404);
    } finally {
      await client.end();
    }
  });
});
