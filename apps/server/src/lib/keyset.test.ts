import { describe, expect, it } from 'vitest';
import { keysetPages } from './keyset.ts';

/** A sorted table read with `WHERE key > after ORDER BY key LIMIT size`, recording each call. */
function table(keys: number[]) {
  const calls: (number | null)[] = [];
  const page = (after: number | null, size: number) => {
    calls.push(after);
    return Promise.resolve(keys.filter((k) => after === null || k > after).slice(0, size));
  };
  return { calls, page };
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('keysetPages', () => {
  it('reads every row once, in order, a page at a time, asking after the last key of each full page', async () => {
    const t = table([1, 2, 3, 4, 5, 6, 7]);
    expect(await all(keysetPages(t.page, (k) => k, 3))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.calls).toEqual([null, 3, 6]);
  });

  it('asks once more after an exactly full last page, and once for an empty table', async () => {
    const full = table([1, 2, 3, 4]);
    expect(await all(keysetPages(full.page, (k) => k, 2))).toEqual([1, 2, 3, 4]);
    expect(full.calls).toEqual([null, 2, 4]);
    const empty = table([]);
    expect(await all(keysetPages(empty.page, (k) => k, 2))).toEqual([]);
    expect(empty.calls).toEqual([null]);
  });

  it('refuses a page size below one row, and passes on the error of a page', async () => {
    await expect(all(keysetPages(table([1]).page, (k) => k, 0))).rejects.toThrow(RangeError);
    const failing = () => Promise.reject(new Error('connection lost'));
    await expect(all(keysetPages(failing, (k: number) => k, 5))).rejects.toThrow('connection lost');
  });
});
