import { describe, expect, it } from 'vitest';
import { ModelLimiter } from './model-calls.concurrency.ts';
import { ApiError } from '../../lib/errors.ts';

describe('ModelLimiter', () => {
  it('refuses a call whose slot does not free in time with 503 MODEL_BUSY and a Retry-After', async () => {
    const limiter = new ModelLimiter(1, 50);
    let release = () => {};
    const first = limiter.run('m', () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setImmediate(r)); // p-limit starts the first call on a later tick
    const err = await limiter.run('m', async () => 'never').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'MODEL_BUSY', retryAfterSeconds: 1 });
    release();
    await first;
  });

  it('holds calls made in the same tick to the wait too (p-limit counts a call active only a microtask later)', async () => {
    const limiter = new ModelLimiter(1, 50);
    const slow = () => new Promise<string>((r) => setTimeout(() => r('ok'), 300));
    const results = await Promise.allSettled([limiter.run('m', slow), limiter.run('m', slow), limiter.run('m', slow)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as ApiError).code))).toEqual([
      'ok',
      'MODEL_BUSY',
      'MODEL_BUSY',
    ]);
  });
});
