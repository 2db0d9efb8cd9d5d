import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser } from '../test/users.ts';
import { closeAll } from '../test/platform-hook.ts';
import { spawnWorkerProcess } from '../test/server-process.ts';
import { QUEUES } from './queues.ts';
import { submissionStatus, serveParallelZip, submitDataset, type ServedParallelZip } from '../test/dataset-submit.ts';

let p: TestPlatform;
let zip: ServedParallelZip;

beforeAll(async () => {
  p = await createTestPlatform();
  zip = await serveParallelZip(50, 'orphan-test');
});

afterAll(() => closeAll(zip, p));

describe('a dataset job whose worker was killed', () => {
  it("is resumed by a replacement worker's start-up scan, not by the job expiring", async () => {
    const user = await createSignedInUser(p);
    const srn = await submitDataset(p.app, user, 'orphan', zip.url);
    // The killed worker's state: pg-boss shows the job active, and no session holds its lock.
    const [job] = await p.ctx.boss.fetch(QUEUES.datasetIngest);
    expect(job!.data).toEqual({ serviceRequestNumber: srn });

    // The replacement starts at once, as an orchestrator restarts a killed container.
    const lines: string[] = [];
    const out = () => lines.join('\n');
    const child = spawnWorkerProcess({ ULCA_DATA_DIR: p.dataDir, DATABASE_URL: p.ctx.config.databaseUrl! }, lines);
    const exited = new Promise((r) => child.on('exit', r));
    try {
      let resumedAt = 0;
      const deadline = Date.now() + 60_000;
      while (!resumedAt && Date.now() < deadline && child.exitCode === null) {
        // Resumed: the retry of the same job was taken by a worker (active) or already done.
        const r = await p.ctx.db.pool.query(`SELECT state, retry_count FROM pgboss.job WHERE id = $1`, [job!.id]);
        const row = r.rows[0] as { state: string; retry_count: number };
        if (row.retry_count >= 1 && (row.state === 'active' || row.state === 'completed')) resumedAt = Date.now();
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(
        lines.some((l) => l.includes('worker started')),
        out(),
      ).toBe(true);
      expect(resumedAt, out()).toBeGreaterThan(0);
      const status = async () => submissionStatus(p.ctx.db.pool, srn);
      for (let i = 0; i < 300 && (await status()) !== 'Completed'; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await status()).toBe('Completed');
      // Resumed by the start-up scan (recovery.ts), not by pg-boss expiring the job much later:
      // the replacement logged the re-queue of this very job. How fast is bench material, not a pass/fail.
      const requeued = lines
        .filter((l) => l.startsWith('{') && l.endsWith('}'))
        .map((l) => JSON.parse(l) as { msg?: string; job?: string; serviceRequestNumber?: string })
        .find((l) => l.msg === 'dataset job lost its worker; re-queued to resume');
      expect(requeued?.job, out()).toBe(job!.id);
      // Named as the job lines name it (docs/operations.md#logs-of-jobs), so one search finds both.
      expect(requeued?.serviceRequestNumber, out()).toBe(srn);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
