import { describe, expect, it } from 'vitest';
import { ModelLimiter } from './limiter.ts';
import { ApiError } from '../../lib/errors.ts';

/** A call that runs until its `finish` is called. */
function held(): { fn: () => Promise<string>; finish: (v: string) => void; started: () => boolean } {
  let finish: (v: string) => void = () => {};
  let started = false;
  return {
    fn: () =>
      new Promise<string>((r) => {
        started = true;
        finish = r;
      }),
    finish: (v) => finish(v),
    started: () => started,
  };
}

describe('ModelLimiter', () => {
  it('refuses a call whose slot does not free in time with 503 MODEL_BUSY and a Retry-After; its function never runs', async () => {
    const limiter = new ModelLimiter(1, 50);
    const first = held();
    const running = limiter.run('m', first.fn);
    let ran = false;
    const err = await limiter
      .run('m', async () => {
        ran = true;
        return 'never';
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: 'MODEL_BUSY', retryAfterSeconds: 1 });
    expect(ran).toBe(false);
    first.finish('done');
    expect(await running).toBe('done');
    expect(limiter.running('m')).toBe(0);
  });

  it('runs at most `concurrency` calls of a model at once, hands a freed slot to the first waiter, and limits models apart', async () => {
    const limiter = new ModelLimiter(2, 10_000);
    const calls = [held(), held(), held(), held()];
    const results = calls.map((c) => limiter.run('m', c.fn));
    const other = held();
    const otherResult = limiter.run('other', other.fn);
    await new Promise((r) => setImmediate(r));
    expect(calls.map((c) => c.started())).toEqual([true, true, false, false]);
    expect(other.started()).toBe(true);
    expect(limiter.running('m')).toBe(2);

    calls[1].finish('b');
    await new Promise((r) => setImmediate(r));
    expect(calls.map((c) => c.started())).toEqual([true, true, true, false]);
    expect(limiter.running('m')).toBe(2);

    calls[0].finish('a');
    calls[2].finish('c');
    await new Promise((r) => setImmediate(r));
    expect(calls[3].started()).toBe(true);
    calls[3].finish('d');
    other.finish('o');
    expect(await Promise.all([...results, otherResult])).toEqual(['a', 'b', 'c', 'd', 'o']);
    expect(limiter.running('m')).toBe(0);
  });

  it('frees the slot of a call that fails', async () => {
    const limiter = new ModelLimiter(1, 10_000);
    await expect(limiter.run('m', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.running('m')).toBe(0);
    expect(await limiter.run('m', async () => 'next')).toBe('next');
  });
});
