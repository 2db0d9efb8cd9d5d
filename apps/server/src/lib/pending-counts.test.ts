import { describe, expect, it } from 'vitest';
import { flushPendingCounts } from './pending-counts.ts';

interface Delta {
  id: string;
  calls: number;
  failures: number;
}

const keyOf = (d: Delta): string => d.id;

describe('flushPendingCounts', () => {
  it('writes the pending deltas once and empties the map', async () => {
    const pending = new Map<string, Delta>([['a', { id: 'a', calls: 2, failures: 1 }]]);
    const written: Delta[][] = [];
    await flushPendingCounts(pending, { fields: ['calls', 'failures'], keyOf, write: async (d) => written.push(d), onError: () => {} });
    expect(written).toEqual([[{ id: 'a', calls: 2, failures: 1 }]]);
    expect(pending.size).toBe(0);
  });

  it('puts a failed batch back, summed into the counts made during the write', async () => {
    const pending = new Map<string, Delta>([['a', { id: 'a', calls: 2, failures: 1 }]]);
    const errors: unknown[] = [];
    await flushPendingCounts(pending, {
      fields: ['calls', 'failures'],
      keyOf,
      write: async () => {
        pending.set('a', { id: 'a', calls: 5, failures: 0 });
        throw new Error('db down');
      },
      onError: (err) => errors.push(err),
    });
    expect(errors).toHaveLength(1);
    expect([...pending.values()]).toEqual([{ id: 'a', calls: 7, failures: 1 }]);
  });

  it('does not call write when nothing is pending', async () => {
    let calls = 0;
    await flushPendingCounts(new Map<string, Delta>(), { fields: ['calls'], keyOf, write: async () => calls++, onError: () => {} });
    expect(calls).toBe(0);
  });
});
