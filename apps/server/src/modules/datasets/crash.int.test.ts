import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser } from '../../test/users.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { runIngestJob, SubmissionBusy } from './ingest.ts';
import { getStages, getSubmission } from './repo.ts';
import { serveParallelZip, submitDataset, type ServedParallelZip } from '../../test/dataset-submit.ts';

const ROWS = 3000;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let p: TestPlatform;
let zip: ServedParallelZip;

beforeAll(async () => {
  p = await createTestPlatform();
  zip = await serveParallelZip(ROWS, 'crash-test');
});

afterAll(() => closeAll(zip, p));

describe('a worker killed mid-publish', () => {
  it('resumes after restart with exact counts and no duplicate records', async () => {
    const user = await createSignedInUser(p);
    const srn = await submitDataset(p.app, user, 'crash', zip.url);

    // A separate worker process with a slow publish (100 rows per chunk); SIGKILL it after 3 chunks.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/test/worker-process.ts', p.ctx.config.databaseUrl!, p.dataDir, srn, '100'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let chunks = 0;
    const killed = new Promise<void>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line === 'chunk' && ++chunks === 3) child.kill('SIGKILL');
        if (line === 'done') reject(new Error('the worker finished before it was killed'));
      });
      child.on('exit', () => resolve());
    });
    await killed;

    const mid = await getStages(p.ctx.db.pool, srn);
    const publish = mid.find((s) => s.stage === 'publish')!;
    expect(publish.status).toBe('In-Progress');
    expect(publish.success_count).toBeGreaterThanOrEqual(300);
    expect(publish.success_count).toBeLessThan(ROWS);

    // The restarted worker picks the job up again. PostgreSQL frees the killed worker's advisory
    // lock once it sees that connection close, which on a loaded machine can take a moment: until
    // then the submission is busy, and a worker retries it, as the job queue does (up to 20 s here).
    for (let tries = 1; ; tries++) {
      try {
        await runIngestJob(p.ctx, srn, { publishChunkRows: 500 });
        break;
      } catch (e) {
        if (!(e instanceof SubmissionBusy) || tries >= 100) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    const sub = await getSubmission(p.ctx.db.pool, srn);
    expect(sub!.status).toBe('Completed');
    const end = await getStages(p.ctx.db.pool, srn);
    expect(end.map((s) => [s.stage, s.status, s.success_count, s.failed_count])).toEqual([
      ['download', 'Completed', 1, 0],
      ['ingest', 'Completed', ROWS, 0],
      ['validate', 'Completed', ROWS, 0],
      ['publish', 'Completed', ROWS, 0],
    ]);
    const records = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM dataset_records WHERE $1::uuid = ANY (dataset_ids)`,
      [sub!.dataset_id],
    );
    expect(records.rows[0]).toEqual({ n: ROWS, distinct_hashes: ROWS });
    const rollup = await p.ctx.db.pool.query(
      `SELECT sum(record_count)::int AS n FROM record_rollup WHERE dataset_type = 'parallel-corpus'`,
    );
    expect(rollup.rows[0].n).toBe(ROWS);
    const dupErrors = await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_errors WHERE service_request_number = $1`, [srn]);
    expect(dupErrors.rows[0].n).toBe(0);
  });
});
