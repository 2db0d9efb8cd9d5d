import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { AppContext } from '../context.ts';
import { createMetrics } from '../ops/prometheus.ts';
import { workWithRetries } from './retry.ts';

type Handler = (jobs: { id: string; data: { serviceRequestNumber: string }; retryCount: number; retryLimit: number }[]) => Promise<void>;

/** A context whose pg-boss only hands the registered handler back, and whose log lines are kept. */
function fakeContext() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });
  let handler: Handler | undefined;
  const metrics = createMetrics();
  const ctx = {
    log,
    metrics,
    // The database answers: a failed attempt reports at once (retry.ts waits for it after a restart).
    db: { pool: { query: async () => ({ rows: [] }) } },
    boss: {
      work: async (_queue: string, _opts: unknown, h: Handler) => {
        handler = h;
        return 'worker-id';
      },
    },
  } as unknown as AppContext;
  return { ctx, lines, metrics, run: (job: Parameters<Handler>[0][number]) => handler!([job]) };
}

describe('job logs (docs/operations.md#running-it-in-production)', () => {
  it('log start and end with the serviceRequestNumber, attempt, duration in seconds and counts', async () => {
    const f = fakeContext();
    await workWithRetries<{ serviceRequestNumber: string }>(f.ctx, 'dataset-ingest', {
      failureMessage: 'failed',
      describe: (d) => ({ serviceRequestNumber: d.serviceRequestNumber }),
      run: () => new Promise((r) => setTimeout(r, 20)),
      summary: async () => ({ status: 'Completed', records: { success: 25, failed: 1 } }),
    });
    await f.run({ id: 'j1', data: { serviceRequestNumber: 'SRN-1' }, retryCount: 0, retryLimit: 3 });
    const [start, end] = f.lines.filter((l) => l.queue === 'dataset-ingest');
    expect(start).toMatchObject({ msg: 'job started', serviceRequestNumber: 'SRN-1', attempt: 1 });
    expect(end).toMatchObject({
      msg: 'job ended',
      serviceRequestNumber: 'SRN-1',
      attempt: 1,
      status: 'Completed',
      records: { success: 25, failed: 1 },
    });
    expect(end!.seconds).toBeGreaterThanOrEqual(0.015);
    expect(end!.seconds).toBeLessThan(5);
    expect((await f.metrics.scrape()).body).toMatch(/ulca_job_duration_seconds_count\{queue="dataset-ingest",outcome="completed"\} 1/);
    f.metrics.close();
  });

  it('a failed attempt logs its end with the error, and is thrown back for pg-boss to retry', async () => {
    const f = fakeContext();
    await workWithRetries<{ serviceRequestNumber: string }>(f.ctx, 'search-export', {
      failureMessage: 'export failed',
      describe: (d) => ({ serviceRequestNumber: d.serviceRequestNumber }),
      run: async () => {
        throw new Error('disk full');
      },
      summary: async () => ({ status: 'In-Progress', records: null }),
    });
    await expect(f.run({ id: 'j2', data: { serviceRequestNumber: 'SRN-2' }, retryCount: 1, retryLimit: 3 })).rejects.toThrow('disk full');
    expect(f.lines.find((l) => l.msg === 'job attempt failed')).toMatchObject({
      serviceRequestNumber: 'SRN-2',
      attempt: 2,
      error: 'disk full',
      status: 'In-Progress',
    });
    f.metrics.close();
  });
});
