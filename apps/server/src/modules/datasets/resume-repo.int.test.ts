import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { insertActiveUser } from '../../test/users.ts';
import { insertSubmission } from './repo.ts';
import { newServiceRequestNumber } from './srn.ts';
import { raiseStageCounts } from './resume-repo.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(async () => p?.close());

describe('stage progress', () => {
  // An asr ingest writes its progress with fractional hours of audio in seconds (found on a first start: the statement typed them as integers).
  it('raises counts and fractional seconds, never lowering them', async () => {
    const userId = crypto.randomUUID();
    await insertActiveUser(p.ctx.db, {
      userId,
      email: `progress-${userId}@example.org`,
      password: 'Progress-Test-1',
      roles: ['CONTRIBUTOR-USER'],
    });
    const srn = newServiceRequestNumber();
    await insertSubmission(p.ctx.db, {
      srn,
      datasetId: crypto.randomUUID(),
      userId,
      datasetName: 'progress',
      url: 'https://example.org/a.zip',
    });
    await raiseStageCounts(p.ctx.db.pool, srn, 'validate', { success: 3, failed: 1, successSeconds: 4.19075, failedSeconds: 0.5 });
    await raiseStageCounts(p.ctx.db.pool, srn, 'validate', { success: 2, failed: 0, successSeconds: 1.25 });
    const row = (
      await p.ctx.db.pool.query(
        `SELECT success_count, failed_count, success_seconds, failed_seconds FROM dataset_stages WHERE service_request_number = $1 AND stage = 'validate'`,
        [srn],
      )
    ).rows[0];
    expect(row).toEqual({ success_count: 3, failed_count: 1, success_seconds: 4.19075, failed_seconds: 0.5 });
  });
});
